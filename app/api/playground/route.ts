// POST /api/playground: start a playground session (issue 37); see lib/server/http/playground-api.ts.
// GET /api/playground: the live sessions (issue 49); see lib/server/http/playground-conveniences-api.ts.
// Access (token, Host, Origin) is decided before Next.js sees the request, in lib/server/dashboard/dashboard.ts.
import { handlePlaygroundStart } from '@/lib/server/http/playground-api';
import { handlePlaygroundList } from '@/lib/server/http/playground-conveniences-api';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

export const POST = handlePlaygroundStart;
export const GET = handlePlaygroundList;
