/**
 * POST /api/oauth-check: {url} in, {report: OAuthReport} out. The unauthenticated check of a
 * hosted server's authorization metadata (lib/server/oauth-discovery.ts), for the dashboard.
 */
import { z } from 'zod';
import { describeIssues } from '../core/audit-request';
import { checkOAuth } from './oauth-discovery';

export const oauthCheckRequestSchema = z.strictObject({
  url: z.url({ protocol: /^https?$/, error: 'an http or https URL' }).max(4096),
  timeoutMs: z.number().int().min(500).max(30_000).optional(),
});

function jsonError(status: number, message: string): Response {
  return Response.json({ error: { code: 'bad-input', message } }, { status, headers: { 'Cache-Control': 'no-store' } });
}

export async function handleOAuthCheckRequest(request: Request): Promise<Response> {
  if (!/^application\/json\b/i.test(request.headers.get('content-type') ?? '')) {
    return jsonError(415, 'Send {"url": "..."} as JSON (Content-Type: application/json).');
  }
  const text = await request.text();
  if (text.length > 16_384) return jsonError(413, 'The request body is too large.');
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return jsonError(400, 'The request body is not valid JSON.');
  }
  const parsed = oauthCheckRequestSchema.safeParse(body);
  if (!parsed.success) return jsonError(400, `Not a valid check: ${describeIssues(parsed.error)}.`);
  const report = await checkOAuth(
    parsed.data.url,
    parsed.data.timeoutMs === undefined ? {} : { timeoutMs: parsed.data.timeoutMs },
  );
  return Response.json({ report }, { headers: { 'Cache-Control': 'no-store' } });
}
