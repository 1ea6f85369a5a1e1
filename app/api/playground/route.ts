// POST /api/playground: start a playground session (issue 37); see lib/server/http/playground-api.ts.
// Access (token, Host, Origin) is decided before Next.js sees the request, in lib/server/dashboard/dashboard.ts.
import { handlePlaygroundStart } from '@/lib/server/http/playground-api';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

export const POST = handlePlaygroundStart;
