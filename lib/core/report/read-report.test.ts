import { describe, expect, it } from 'vitest';
// A real export of a development build from before the risk order (never released): `git archive eccd794` (the commit before 146cbfc added
// risk.ts), `node scripts/build-cli.mjs`, then `node bin/mcp-hintcheck.cjs audit --demo --json`.
import beforeRisk from '../../../test/fixtures/reports/v1-before-risk.json';
import { buildReport } from './report';
import { readReport } from './read-report';

const current = buildReport({
  generator: { name: 'mcp-hintcheck', version: '0' },
  generatedAt: '2026-01-01T00:00:00.000Z',
  target: { transport: 'stdio', command: 'x', args: [], cwd: null, envNames: [] },
  server: null,
  pages: [
    {
      tools: [
        { name: 'read_it', inputSchema: { type: 'object' }, annotations: { readOnlyHint: true, openWorldHint: false } },
        { name: 'wipe_it', inputSchema: { type: 'object' } },
      ],
      bytes: 1,
    },
  ],
  complete: true,
  durationMs: 1,
  process: null,
  errors: [],
  warnings: [],
});

describe('readReport on an export of an older build (before the risk order)', () => {
  it('is refused, its issues naming what a report of this version needs', () => {
    const result = readReport(JSON.parse(JSON.stringify(beforeRisk)));
    expect(result.ok ? 'ok' : result.problem).toBe('not-a-report');
    if (!result.ok && result.problem === 'not-a-report')
      expect(result.error.issues.map((issue) => issue.path.join('.'))).toEqual(
        expect.arrayContaining(['summary.classCounts', 'summary.worstSeverity', 'tools.0.risk']),
      );
  });
});

describe('readReport', () => {
  it('returns a current report unchanged', () => {
    expect(readReport(JSON.parse(JSON.stringify(current)) as unknown)).toEqual({
      ok: true,
      report: current,
    });
  });

  it("keeps an exercised report whole: each tool's behaviour and the exercise facts (audit --exercise)", () => {
    const [first, ...rest] = current.tools;
    if (first === undefined) throw new Error('the fixture has tools');
    const exercised = {
      ...current,
      tools: [
        {
          ...first,
          behaviour: {
            status: 'contradicted' as const,
            claims: ['read-only' as const],
            summary: 'called once; readonly-wrote',
            calls: [
              {
                tool: first.name,
                round: 1,
                argumentsJson: '{}',
                argumentsFrom: 'generated' as const,
                outcome: 'ok' as const,
                message: null,
                durationMs: 3,
                resultBytes: 20,
                effects: [
                  {
                    kind: 'create' as const,
                    area: 'home' as const,
                    target: '~/.cache/x',
                    to: null,
                    ok: true,
                    error: null,
                    phase: 'after' as const,
                    atMs: 310,
                    evidence: '9 openat(AT_FDCWD</tmp/work>, "/tmp/home/.cache/x", O_WRONLY|O_CREAT) = 3',
                  },
                ],
                filteredAsNoise: 0,
                changed: ['~/.cache/x'],
              },
            ],
          },
        },
        ...rest,
      ],
      exercise: {
        mode: 'checkable' as const,
        sandbox: 'bubblewrap 0.8.0',
        tracer: 'strace 6.1',
        durationMs: 900,
        startEffects: [],
        calls: 1,
        skipped: [],
        stopped: null,
      },
    };
    expect(readReport(JSON.parse(JSON.stringify(exercised)) as unknown)).toEqual({
      ok: true,
      report: exercised,
    });
  });

  it.each<[string, unknown, string]>([
    ['another schema version', { ...current, schemaVersion: 2 }, 'other-version'],
    ['a version as a string', { ...current, schemaVersion: '1' }, 'other-version'],
    ['no schemaVersion', { url: 'https://example.test' }, 'not-a-report'],
    ['a tool without a class', { ...current, tools: [{ ...current.tools[0], class: undefined }] }, 'not-a-report'],
    ['not an object', [1, 2], 'not-a-report'],
  ])('refuses %s', (_label, json, problem) => {
    const result = readReport(json);
    expect(result.ok ? 'ok' : result.problem).toBe(problem);
  });

  it('names the version found and the build that wrote it', () => {
    const result = readReport({ ...current, schemaVersion: 2, generator: { name: 'mcp-hintcheck', version: '9.0.0' } });
    expect(result).toEqual({ ok: false, problem: 'other-version', found: 2, generator: 'mcp-hintcheck 9.0.0' });
  });
});
