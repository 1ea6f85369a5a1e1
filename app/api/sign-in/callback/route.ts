// GET /api/sign-in/callback: the authorization server's redirect; see lib/server/http/sign-in-api.ts and
// the callback rule in lib/server/http/access.ts (no Bearer token: it only completes a pending flow).
import { handleSignInCallback } from '@/lib/server/http/sign-in-api';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

export const GET = handleSignInCallback;
