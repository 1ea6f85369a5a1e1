// POST /api/playground/{id}/complete (issue 49); see lib/server/http/playground-conveniences-api.ts.
// Access is decided before Next.js sees the request (dashboard.ts).
import { handlePlaygroundComplete } from '@/lib/server/http/playground-conveniences-api';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

interface Context {
  params: Promise<{ id: string }>;
}

export async function POST(request: Request, context: Context): Promise<Response> {
  return handlePlaygroundComplete(request, (await context.params).id);
}
