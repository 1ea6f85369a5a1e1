// POST /api/sign-in: see lib/server/sign-in-api.ts. Access is decided in lib/server/dashboard.ts.
import { handleSignInStart } from '@/lib/server/sign-in-api';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

export function POST(request: Request): Promise<Response> {
  return handleSignInStart(request);
}
