import { describe, expect, it } from 'vitest';
// A real export from before the risk order: `git archive eccd794` (the commit before 146cbfc added
// the risk order), `node scripts/build-cli.mjs`, then `node bin/mcp-hintcheck.cjs audit --demo --json`.
import beforeRisk from '../../../test/fixtures/reports/v1-before-risk.json';
import { buildReport, reportSchema } from './report';
import { readReport } from './upgrade';
import { assessRisk } from './risk';

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

describe('readReport on an export from before the risk order', () => {
  const saved: unknown = JSON.parse(JSON.stringify(beforeRisk));

  it('is a file the current schema refuses as it stands', () => {
    const strict = reportSchema.safeParse(saved);
    expect(strict.success).toBe(false);
    expect(strict.error?.issues.map((issue) => issue.path.join('.'))).toEqual(
      expect.arrayContaining(['summary.classCounts', 'summary.worstSeverity', 'tools.0.risk']),
    );
  });

  it('is upgraded: risk from each saved class and flags, ranks 1..n, summary counted from the tools', () => {
    const result = readReport(saved);
    if (!result.ok) throw new Error(`refused: ${result.problem}`);
    const { report, upgrades } = result;
    expect(reportSchema.safeParse(report).success).toBe(true);
    expect(report.tools).toHaveLength(16);
    for (const tool of report.tools) {
      expect(tool.risk).toEqual({ ...assessRisk(tool.class, tool.flags), rank: tool.risk.rank });
      expect(tool.riskScore).toBe(tool.risk.score);
    }
    expect(report.tools.map((tool) => tool.risk.rank).sort((a, b) => a - b)).toEqual(
      report.tools.map((_tool, i) => i + 1),
    );
    // The saved flags include the demo's hidden-characters tool: the rule ranks it with the writes.
    const poisoned = report.tools.find((tool) => tool.name === 'summarize_feedback');
    expect(poisoned?.risk.level).toBe('poisoned');
    expect(poisoned?.risk.rank).toBeLessThanOrEqual(5);
    expect(report.summary.classCounts).toEqual({
      'read-only': { tools: 5, openWorld: 1 },
      'additive-write': { tools: 6, openWorld: 2 },
      'destructive-write': { tools: 5, openWorld: 3 },
    });
    expect(report.summary.worstSeverity).toBe('high');
    expect(upgrades).toHaveLength(3);
    expect(upgrades[0]).toContain('Saved by mcp-hintcheck 0.1.0 before the risk order existed');
    expect(upgrades[0]).toContain('its 16 tools');
  });

  it('keeps everything the file held, flags included, apart from riskScore', () => {
    const result = readReport(saved);
    if (!result.ok) throw new Error(`refused: ${result.problem}`);
    const original = beforeRisk as unknown as { tools: { flags: unknown[] }[]; summary: object };
    expect(result.report.tools.map((tool) => tool.flags)).toEqual(original.tools.map((tool) => tool.flags));
    expect(result.report.summary).toMatchObject(original.summary);
  });

  it('is deterministic', () => {
    expect(readReport(saved)).toEqual(readReport(JSON.parse(JSON.stringify(beforeRisk)) as unknown));
  });
});

describe('readReport', () => {
  it('returns a current report unchanged, with no upgrade', () => {
    expect(readReport(JSON.parse(JSON.stringify(current)) as unknown)).toEqual({
      ok: true,
      report: current,
      upgrades: [],
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
      upgrades: [],
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

  it('upgrades only what is missing: a saved risk is kept', () => {
    const withoutSummaryFields = JSON.parse(JSON.stringify(current)) as Record<string, Record<string, unknown>>;
    delete withoutSummaryFields.summary?.classCounts;
    const result = readReport(withoutSummaryFields);
    if (!result.ok) throw new Error(`refused: ${result.problem}`);
    expect(result.report).toEqual(current);
    expect(result.upgrades).toEqual(["Counted from the saved tools: the summary's counts by class."]);
  });
});
