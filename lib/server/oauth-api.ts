/**
 * POST /api/oauth-check: {url} in, {report: OAuthReport} out. The unauthenticated check of a
 * hosted server's authorization metadata (lib/server/oauth-discovery.ts), for the dashboard.
 */
import { z } from 'zod';
import { describeIssues } from '../core/audit-request';
import { checkOAuth } from './oauth-discovery';
import { problemResponse } from './problem-response';

export const oauthCheckRequestSchema = z.strictObject({
  url: z.url({ protocol: /^https?$/, error: 'an http or https URL' }).max(4096),
  timeoutMs: z.number().int().min(500).max(30_000).optional(),
});

export async function handleOAuthCheckRequest(request: Request): Promise<Response> {
  if (!/^application\/json\b/i.test(request.headers.get('content-type') ?? '')) {
    return problemResponse({
      code: 'unsupported-media-type',
      message: 'Send {"url": "..."} as JSON (Content-Type: application/json).',
    });
  }
  const text = await request.text();
  if (text.length > 16_384)
    return problemResponse({ code: 'request-too-large', message: 'The request body is too large.' });
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return problemResponse({ code: 'bad-input', message: 'The request body is not valid JSON.' });
  }
  const parsed = oauthCheckRequestSchema.safeParse(body);
  if (!parsed.success)
    return problemResponse({ code: 'bad-input', message: `Not a valid check: ${describeIssues(parsed.error)}.` });
  const report = await checkOAuth(
    parsed.data.url,
    parsed.data.timeoutMs === undefined ? {} : { timeoutMs: parsed.data.timeoutMs },
  );
  return Response.json({ report }, { headers: { 'Cache-Control': 'no-store' } });
}
