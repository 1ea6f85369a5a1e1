// POST /api/playground/{id}/answer: the user's answer to the server's request (issue 37); see
// lib/server/http/playground-api.ts. Access is decided before Next.js sees the request (dashboard.ts).
import { handlePlaygroundAnswer } from '@/lib/server/http/playground-api';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

interface Context {
  params: Promise<{ id: string }>;
}

export async function POST(request: Request, context: Context): Promise<Response> {
  return handlePlaygroundAnswer(request, (await context.params).id);
}
