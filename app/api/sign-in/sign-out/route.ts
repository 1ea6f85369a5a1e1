// POST /api/sign-in/sign-out: see lib/server/http/sign-in-api.ts.
import { handleSignOut } from '@/lib/server/http/sign-in-api';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

export const POST = handleSignOut;
