// POST /api/sign-in: see lib/server/http/sign-in-api.ts. Access is decided in lib/server/dashboard/dashboard.ts.
import { handleSignInStart } from '@/lib/server/http/sign-in-api';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

export const POST = handleSignInStart;
