// POST /api/audit: see lib/server/http/audit-api.ts. Access (token, Host, Origin) is decided before
// Next.js sees the request, in lib/server/dashboard/dashboard.ts.
import { handleAuditRequest } from '@/lib/server/http/audit-api';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

export function POST(request: Request): Promise<Response> {
  return handleAuditRequest(request);
}
