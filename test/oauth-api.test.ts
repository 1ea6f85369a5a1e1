import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { oauthReportSchema } from '../lib/core/oauth/schemas';
import { startOAuthFixture, type OAuthFixture } from './fixtures/oauth-server.mjs';
import { handleOAuthCheckRequest } from '../lib/server/oauth-api';

let fixture: OAuthFixture;

beforeAll(async () => {
  fixture = await startOAuthFixture('single-admin-scope');
});
afterAll(async () => {
  await fixture.close();
});

const post = (body: string, type = 'application/json') =>
  new Request('http://127.0.0.1:3100/api/oauth-check', { method: 'POST', headers: { 'content-type': type }, body });

describe('POST /api/oauth-check', () => {
  it.each([
    [post('{}', 'text/plain'), 415, 'as JSON'],
    [post('nope'), 400, 'not valid JSON'],
    [post(JSON.stringify({ url: 'javascript:alert(1)' })), 400, 'url'],
    [post(JSON.stringify({ url: 'https://x.test/mcp', extra: true })), 400, 'extra'],
  ])('refuses bad input (%#)', async (request, status, message) => {
    const response = await handleOAuthCheckRequest(request);
    expect(response.status).toBe(status);
    expect(((await response.json()) as { error: { message: string } }).error.message).toContain(message);
  });

  it('answers the OAuth report of a fixture server', async () => {
    const response = await handleOAuthCheckRequest(post(JSON.stringify({ url: fixture.url })));
    expect(response.status).toBe(200);
    const { report } = (await response.json()) as { report: unknown };
    const parsed = oauthReportSchema.parse(report);
    expect(parsed.findings.map((f) => f.id)).toEqual(expect.arrayContaining(['scope-admin', 'scope-single']));
    expect(parsed.lessons.scopes).toContain('mcp:admin');
  });
});
