/**
 * POST /api/oauth-check: {url} in, {report: OAuthReport} out. The unauthenticated check of a
 * hosted server's authorization metadata (lib/server/mcp/oauth-discovery.ts), for the dashboard. Counted
 * with the audits against one concurrency cap, and cancelled when the client goes away.
 */
import { readJsonRequest } from './json-request';
import { z } from 'zod';
import { describeIssues } from '../../core/api/audit-request';
import { busyResponse, tryStartWork } from '../audit/concurrency';
import { checkOAuth } from '../mcp/oauth-discovery';
import { problemResponse } from './problem-response';

export const oauthCheckRequestSchema = z.strictObject({
  url: z.url({ protocol: /^https?$/, error: 'an http or https URL' }).max(4096),
  timeoutMs: z.number().int().min(500).max(30_000).optional(),
});

export async function handleOAuthCheckRequest(request: Request): Promise<Response> {
  const read = await readJsonRequest(request, '/api/oauth-check', '{"url": "..."}');
  if (!read.ok) return read.response;
  const body = read.body;
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
