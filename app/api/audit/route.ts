// POST /api/audit: see lib/server/audit-api.ts. Access (token, Host, Origin) is decided before
// Next.js sees the request, in lib/server/dashboard.ts.
import { handleAuditRequest } from '@/lib/server/audit-api';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

export function POST(request: Request): Promise<Response> {
  return handleAuditRequest(request);
}
