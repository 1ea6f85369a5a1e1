// POST /api/exercise: see lib/server/http/exercise-api.ts. Access (token, Host, Origin) is decided before
// Next.js sees the request, in lib/server/dashboard/dashboard.ts.
import { handleExerciseRequest } from '@/lib/server/http/exercise-api';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

export const POST = handleExerciseRequest;
