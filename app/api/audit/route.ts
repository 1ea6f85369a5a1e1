// POST /api/audit: see lib/server/http/audit-api.ts. GET /api/audit: loads what an audit needs
// (lib/server/dashboard/warm-up.ts), called once by the dashboard server itself as soon as it listens;
// here, in this route's own bundle, the first audit finds its route loaded too (its first answer
// came 130-150 ms later when the warm-up had its own route). Access (token, Host, Origin) is decided
// before Next.js sees the request, in lib/server/dashboard/dashboard.ts.
import { handleAuditRequest } from '@/lib/server/http/audit-api';
import { warmUpAudits } from '@/lib/server/dashboard/warm-up';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

export const POST = handleAuditRequest;

export async function GET(): Promise<Response> {
  await warmUpAudits();
  return new Response(null, { status: 204, headers: { 'Cache-Control': 'no-store' } });
}
