// GET /api/servers: see lib/server/http/servers-api.ts. Access (token, Host, Origin) is decided before
// Next.js sees the request, in lib/server/dashboard/dashboard.ts.
import { handleServersList } from '@/lib/server/http/servers-api';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

export function GET(): Promise<Response> {
  return handleServersList();
}
