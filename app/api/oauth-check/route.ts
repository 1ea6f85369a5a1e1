// POST /api/oauth-check: see lib/server/http/oauth-api.ts. Access is decided in lib/server/dashboard/dashboard.ts.
import { handleOAuthCheckRequest } from '@/lib/server/http/oauth-api';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

export const POST = handleOAuthCheckRequest;
