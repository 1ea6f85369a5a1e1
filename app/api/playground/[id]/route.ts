// POST /api/playground/{id} (one call), GET (the state, ?after=N), DELETE (end the session); see
// lib/server/http/playground-api.ts. Access is decided before Next.js sees the request (dashboard.ts).
import { handlePlaygroundCall, handlePlaygroundEnd, handlePlaygroundState } from '@/lib/server/http/playground-api';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

interface Context {
  params: Promise<{ id: string }>;
}

export async function POST(request: Request, context: Context): Promise<Response> {
  return handlePlaygroundCall(request, (await context.params).id);
}

export async function GET(request: Request, context: Context): Promise<Response> {
  return handlePlaygroundState(request, (await context.params).id);
}

export async function DELETE(_request: Request, context: Context): Promise<Response> {
  return handlePlaygroundEnd((await context.params).id);
}
