/**
 * POST /api/oauth-check: {url} in, {report: OAuthReport} out. The unauthenticated check of a
 * hosted server's authorization metadata (lib/server/oauth-discovery.ts), for the dashboard. Counted
 * with the audits against one concurrency cap, and cancelled when the client goes away.
 */
import { z } from 'zod';
import { describeIssues } from '../core/audit-request';
import { busyResponse, tryStartWork } from './concurrency';
import { checkOAuth } from './oauth-discovery';
import { problemResponse } from './problem-response';
import { BODY_TOO_LARGE, bodyCapFor, readBodyCapped } from './request-body';

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
  const read = await readBodyCapped(request, bodyCapFor('POST', '/api/oauth-check'));
  if (!read.ok) return problemResponse({ code: 'request-too-large', message: BODY_TOO_LARGE });
  let body: unknown;
  try {
    body = JSON.parse(read.text);
  } catch {
    return problemResponse({ code: 'bad-input', message: 'The request body is not valid JSON.' });
  }
  const parsed = oauthCheckRequestSchema.safeParse(body);
  if (!parsed.success)
    return problemResponse({ code: 'bad-input', message: `Not a valid check: ${describeIssues(parsed.error)}.` });
  const release = tryStartWork();
  if (release === null) return busyResponse();
  try {
    // The client's signal reaches every socket: a client that goes away ends the check and closes them.
    const report = await checkOAuth(parsed.data.url, {
      signal: request.signal,
      ...(parsed.data.timeoutMs === undefined ? {} : { timeoutMs: parsed.data.timeoutMs }),
    });
    return Response.json({ report }, { headers: { 'Cache-Control': 'no-store' } });
  } finally {
    release();
  }
}
