// GET /api/servers: see lib/server/servers-api.ts. Access (token, Host, Origin) is decided before
// Next.js sees the request, in lib/server/dashboard.ts.
import { handleServersList } from '@/lib/server/servers-api';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

export function GET(): Promise<Response> {
  return handleServersList();
}
