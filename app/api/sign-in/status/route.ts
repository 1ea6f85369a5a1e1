// GET /api/sign-in/status?handle=...: see lib/server/http/sign-in-api.ts.
import { handleSignInStatus } from '@/lib/server/http/sign-in-api';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

export const GET = handleSignInStatus;
