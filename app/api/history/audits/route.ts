// GET /api/history/audits: see lib/server/history/api.ts. Access is decided in lib/server/dashboard/dashboard.ts.
import { handleHistoryAudits } from '@/lib/server/history/api';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

export const GET = handleHistoryAudits;
