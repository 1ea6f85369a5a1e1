// POST /api/audit/cancel: see lib/server/http/audit-cancel.ts. Access (token, Host, Origin) is decided before
// Next.js sees the request, in lib/server/dashboard/dashboard.ts.
import { handleAuditCancel } from '@/lib/server/http/audit-cancel';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

export const POST = handleAuditCancel;
