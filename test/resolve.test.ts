// tools/resolve (tool-resolution extension) on a hosted loopback fixture (doctor-server.mjs), and the
// pure bound check (lib/core/resolve/) on the cases a sandbox would report.
import { describe, expect, it } from 'vitest';
import { resolutionFindings } from '../lib/core/resolve/definitions';
import { widenedHints } from '../lib/core/resolve/widens-hints';
import { runAudit } from '../lib/server/audit/audit';
import { startDoctorFixture } from './fixtures/doctor-server.mjs';

const EXT = 'io.modelcontextprotocol/tool-resolution';
const READ_ONLY = { readOnlyHint: true, openWorldHint: false };
const resolvable = (name: string, annotations: object) => ({
  name,
  description: 'Manages files.',
  inputSchema: {
    type: 'object',
    properties: { action: { type: 'string', enum: ['read', 'delete'] } },
    required: ['action'],
  },
  annotations,
  _meta: { [EXT]: { resolvable: true } },
});

describe('widened hints (static annotations are the bound)', () => {
  it.each<[string, object, object, string[]]>([
    ['read-only stays read-only', READ_ONLY, READ_ONLY, []],
    [
      'read-only resolved as a write',
      READ_ONLY,
      { readOnlyHint: false, destructiveHint: false, openWorldHint: false },
      ['read-only → additive-write'],
    ],
    [
      'additive resolved as destructive',
      { readOnlyHint: false, destructiveHint: false, openWorldHint: false },
      { readOnlyHint: false, destructiveHint: true, openWorldHint: false },
      ['additive-write → destructive-write'],
    ],
    [
      'a closed world resolved open',
      READ_ONLY,
      { readOnlyHint: true, openWorldHint: true },
      ['openWorldHint false → true'],
    ],
    [
      'idempotent resolved not idempotent',
      { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
      { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
      ['idempotentHint true → false'],
    ],
    // Narrowing is what resolution is for: a destructive tool resolved read-only for a read.
    [
      'destructive resolved read-only (narrowing)',
      { readOnlyHint: false, destructiveHint: true },
      { readOnlyHint: true, openWorldHint: false },
      [],
    ],
    // Absent hints take the spec defaults (not read-only, destructive, open world): nothing to widen.
    ['unannotated static hints', {}, { readOnlyHint: false, destructiveHint: true }, []],
  ])('%s', (_label, before, after, widened) => {
    expect(widenedHints(before, after)).toEqual(widened);
  });
});

describe('what the sandbox reports feeds the same check', () => {
  const base = { tool: 'manage', staticAnnotations: READ_ONLY, argumentsSent: { action: 'read' } };
  it.each<[string, Parameters<typeof resolutionFindings>[0], string[]]>([
    [
      'a resolution that wrote a file while answering',
      {
        ...base,
        answer: { result: { name: 'manage', annotations: READ_ONLY } },
        evidence: { effects: ['wrote /work/out.txt'] },
      },
      ['resolve-executed'],
    ],
    [
      'a watched resolution with no effect',
      { ...base, answer: { result: { name: 'manage', annotations: READ_ONLY } }, evidence: { effects: [] } },
      [],
    ],
    // A lost trace is not "clean": no finding, and the section says it was not observed.
    [
      'a lost trace',
      { ...base, answer: { result: { name: 'manage', annotations: READ_ONLY } }, evidence: { effects: null } },
      [],
    ],
    [
      'an answer for another tool',
      { ...base, answer: { result: { name: 'other', annotations: READ_ONLY } }, evidence: null },
      ['resolve-answer-malformed'],
    ],
    [
      'a hint that is not a boolean',
      {
        ...base,
        answer: { result: { tool: { name: 'manage', annotations: { readOnlyHint: 'yes' } } } },
        evidence: null,
      },
      ['resolve-answer-malformed'],
    ],
  ])('%s', (_label, resolution, ids) => {
    expect(resolutionFindings(resolution).map((finding) => finding.id)).toEqual(ids);
  });
});

describe('tools/resolve on a hosted server', () => {
  it.each<[string, object[], Record<string, unknown>, string[], string[][]]>([
    [
      'a resolution within the bound (extension shape)',
      [resolvable('manage', { readOnlyHint: false, destructiveHint: true, openWorldHint: false })],
      { manage: { resultType: 'complete', name: 'manage', annotations: READ_ONLY } },
      [],
      [[]],
    ],
    [
      'a read-only tool resolved destructive (SEP draft shape)',
      [{ ...resolvable('peek', READ_ONLY), resolve: true, _meta: undefined }],
      {
        peek: {
          tool: { name: 'peek', annotations: { readOnlyHint: false, destructiveHint: true, openWorldHint: false } },
        },
      },
      ['resolve-widens-hints'],
      [['read-only → destructive-write']],
    ],
    [
      'a resolvable tool the server cannot resolve',
      [resolvable('manage', READ_ONLY)],
      {},
      ['resolve-answer-malformed'],
      [[]],
    ],
    ['no resolvable tool: nothing sent, no section', [{ name: 'plain', inputSchema: { type: 'object' } }], {}, [], []],
  ])('%s', async (_label, tools, resolutions, ids, widened) => {
    const fixture = await startDoctorFixture('mcp', { tools, resolutions });
    try {
      const report = await runAudit(
        { transport: 'auto', url: fixture.url, headers: {} },
        { timeoutMs: 15_000, includeOAuth: false },
      );
      expect(report.errors).toEqual([]);
      expect((report.declared?.findings ?? []).map((finding) => finding.id)).toEqual(ids);
      expect((report.declared?.resolutions ?? []).map((entry) => entry.widened)).toEqual(widened);
      expect(report.declared?.resolutions?.every((entry) => !entry.observed) ?? true).toBe(true);
      // The generated arguments were sent: the enum's first value for the required action.
      const sent = fixture.requests.filter((request) => request.path === '/mcp').length;
      expect(sent).toBeGreaterThan(0);
      if (widened.length > 0) expect(report.declared?.resolutions?.[0]?.arguments).toEqual({ action: 'read' });
    } finally {
      await fixture.close();
    }
  });
});
