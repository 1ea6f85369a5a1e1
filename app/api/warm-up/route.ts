// POST /api/warm-up: loads what an audit needs (lib/server/dashboard/warm-up.ts); called once by the dashboard
// server itself after it starts listening. Access (token, Host, Origin) is decided in lib/server/dashboard/dashboard.ts.
import { warmUpAudits } from '@/lib/server/dashboard/warm-up';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

export async function POST(): Promise<Response> {
  await warmUpAudits();
  return new Response(null, { status: 204, headers: { 'Cache-Control': 'no-store' } });
}
