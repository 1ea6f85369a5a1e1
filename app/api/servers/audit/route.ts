// POST /api/servers/audit: see lib/server/servers-api.ts. Access is decided in lib/server/dashboard.ts.
import { handleServersAudit } from '@/lib/server/servers-api';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

export function POST(request: Request): Promise<Response> {
  return handleServersAudit(request);
}
