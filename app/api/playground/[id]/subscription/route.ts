// POST /api/playground/{id}/subscription (issue 49); see lib/server/http/playground-conveniences-api.ts.
// Access is decided before Next.js sees the request (dashboard.ts).
import { handlePlaygroundSubscription } from '@/lib/server/http/playground-conveniences-api';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

interface Context {
  params: Promise<{ id: string }>;
}

export async function POST(request: Request, context: Context): Promise<Response> {
  return handlePlaygroundSubscription(request, (await context.params).id);
}
