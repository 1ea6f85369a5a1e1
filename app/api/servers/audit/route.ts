// POST /api/servers/audit: see lib/server/http/servers-api.ts. Access is decided in lib/server/dashboard/dashboard.ts.
import { handleServersAudit } from '@/lib/server/http/servers-api';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

export function POST(request: Request): Promise<Response> {
  return handleServersAudit(request);
}
