// The list-tools gate after an OAuth check: when the dashboard offers a listing, and the reason it gives.
import { describe, expect, it } from 'vitest';
import { buildOAuthReport } from './report';
import { listToolsGate } from './list-tools-gate';
import type { OAuthEvidence, OAuthReport } from './schemas';

const URL_ = 'https://mcp.acme.test/mcp';

function check(post: number | null, contentType: string | null = 'application/json'): OAuthReport {
  const evidence: OAuthEvidence = {
    url: URL_,
    displayUrl: URL_,
    loopbackTarget: false,
    probes: [
      {
        kind: 'endpoint-post',
        purpose: 'MCP endpoint, POST initialize without credentials',
        method: 'POST',
        url: URL_,
        status: post,
        contentType: post === null ? null : contentType,
        error: post === null ? { kind: 'network', message: 'refused' } : null,
        redirects: [],
        durationMs: 1,
        wwwAuthenticate: null,
      },
    ],
    initialize: { status: post, contentType: post === null ? null : contentType, wwwAuthenticate: null },
    get: { status: null },
    prm: { url: null, status: null, contentType: null, body: null, expectedResources: [URL_] },
    authorizationServers: [],
  };
  return buildOAuthReport(evidence);
}

const none: { name: string; value: string }[] = [];

describe('listToolsGate', () => {
  it.each([
    ['open server', check(200), none, true, 'answers without authorization', false],
    ['401', check(401), none, false, 'requires authorization', true],
    ['403', check(403), none, false, 'requires authorization', true],
    ['404', check(404, 'text/html'), none, false, 'HTTP 404', true],
    ['200 but HTML', check(200, 'text/html'), none, false, 'HTTP 200', true],
    ['unreachable', check(null), none, false, 'could not be reached', true],
    ['no check', null, none, true, 'did not finish', false],
    ['401 with a header', check(401), [{ name: 'Authorization', value: 'Bearer x' }], true, '(Authorization)', false],
    [
      '401, header without value',
      check(401),
      [{ name: ' X-Key ', value: '' }],
      false,
      'value for the X-Key header',
      false,
    ],
    ['401, empty Authorization row', check(401), [{ name: 'authorization', value: '' }], false, 'value for the', false],
    [
      'two headers',
      check(401),
      [
        { name: 'A', value: '1' },
        { name: 'B', value: '2' },
      ],
      true,
      'headers you entered (A, B)',
      false,
    ],
  ])('%s', (_name, oauth, headers, enabled, reason, suggest) => {
    const gate = listToolsGate(oauth, headers);
    expect(gate.enabled).toBe(enabled);
    expect(gate.reason).toContain(reason);
    expect(gate.suggestAuthorization).toBe(suggest);
  });
});
