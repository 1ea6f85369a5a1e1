// The card a hosted server serves (SEP-2127: <endpoint>/server-card), read during the audit through
// the SSRF guard and compared with the live listing; loopback fixtures only (doctor-server.mjs).
import { describe, expect, it } from 'vitest';
import { allFindings } from '../lib/core/report/findings';
import { auditToSarif } from '../lib/core/sarif/build';
import { runAudit } from '../lib/server/audit/audit';
import { DOCTOR_TOOLS, startDoctorFixture } from './fixtures/doctor-server.mjs';

const card = (url: string, tools: unknown, type = 'streamable-http') => ({
  $schema: 'https://static.modelcontextprotocol.io/schemas/v1/server-card.schema.json',
  name: 'io.example/doctor-fixture',
  version: '0.3.0',
  remotes: [{ type, url }],
  tools,
});

async function auditWithCard(makeCard: ((url: string) => unknown) | null) {
  // The card's URL is the audited one but on the legacy path (the port is only known once listening).
  const fixture = await startDoctorFixture('mcp', makeCard === null ? {} : { card: makeCard('http://127.0.0.1/mcp') });
  try {
    const report = await runAudit({ transport: 'auto', url: fixture.url, headers: {} }, { timeoutMs: 15_000 });
    return { report, requests: fixture.requests, url: fixture.url };
  } finally {
    await fixture.close();
  }
}

describe('the server card of a hosted server', () => {
  it.each<[string, ((url: string) => unknown) | null, string[] | null]>([
    ['no card: no section', null, null],
    [
      'a card whose tools and remote match',
      () => ({ name: 'io.example/x', version: '1', tools: DOCTOR_TOOLS.map((tool) => tool.name) }),
      [],
    ],
    [
      'a card tool the server does not list, and a listed tool the card omits',
      () => ({ name: 'io.example/x', version: '1', tools: [{ name: 'search' }, { name: 'ghost' }] }),
      ['card-tool-unlisted', 'card-tool-omitted'],
    ],
    [
      'a card declaring the legacy SSE transport',
      (url) => card(url.replace(/\/mcp$/, '/sse'), ['search', 'fetch'], 'sse'),
      ['declared-transport-mismatch'],
    ],
  ])('%s', async (_label, makeCard, ids) => {
    const { report, requests } = await auditWithCard(makeCard);
    expect(report.errors).toEqual([]);
    expect(requests.some((request) => request.path === '/mcp/server-card')).toBe(true);
    if (ids === null) {
      expect(report.declared).toBeUndefined();
      return;
    }
    expect(report.declared?.declarations.map((d) => d.kind)).toEqual(['card']);
    expect(report.declared?.findings.map((finding) => finding.id)).toEqual(ids);
    // The one walk carries them, so SARIF (and --fail-on, JUnit, Markdown) see them.
    const walked = allFindings(report).filter((finding) => finding.subject.kind === 'declared');
    expect(walked.map((finding) => finding.id)).toEqual(ids);
    const results = auditToSarif(report).runs[0]?.results ?? [];
    expect(results.map((result) => result.ruleId).filter((id) => id !== undefined && ids.includes(id))).toEqual(ids);
  });
});
