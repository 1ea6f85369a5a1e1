// Every scan output that lists or counts findings reads one walk of them (lib/core/session/scan-findings.ts),
// so they agree with the --fail-on gate. A real batch (test/scan-batch-fixture.ts): a hosted server whose
// only finding above low is OAuth's no-auth-required (high), two servers named twin in two clients, and
// two servers written on ONE line of one file, one of them with a plaintext secret. Before the walk, the
// overview CSV attributed configuration findings by file and line (so the one-line file's secret landed
// on both of its servers), matched session findings by the overview's name (so neither twin got the
// collisions naming it), and nothing but the gate and SARIF showed the hosted server's OAuth finding.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXIT } from '../lib/cli/exit-codes';
import { parseCsv, scanBatchPlace, scanIn, type ScanBatchPlace } from './scan-batch-fixture';
import type { Sarif } from './sarif-schema';

let at: ScanBatchPlace;
beforeAll(async () => {
  at = await scanBatchPlace();
});
afterAll(async () => {
  await at.close();
});

const rowsNamed = (rows: readonly Record<string, string>[], name: string) => rows.filter((row) => row.name === name);

describe('the overview CSV of a scan', () => {
  let rows: Record<string, string>[] = [];
  beforeAll(async () => {
    const run = await scanIn(at, ['--format', 'csv', '--fail-on', 'none']);
    expect(run.code).toBe(EXIT.ok);
    rows = parseCsv(run.stdout);
    expect(rows.map((row) => row.name).sort()).toEqual(['clean', 'leaky', 'notes', 'remote', 'twin', 'twin']);
  }, 120_000);

  it('gives a configuration finding to its entry’s row only (two entries on one line of one file)', () => {
    expect(rowsNamed(rows, 'leaky')[0]?.config_findings).toMatch(/^high plaintext-secret: env GITHUB_TOKEN/);
    expect(rowsNamed(rows, 'clean')[0]?.config_findings).toBe('');
  });

  it('gives each of two servers of one name the session findings that name it ("twin (Claude Code …:3)")', () => {
    const twins = rowsNamed(rows, 'twin');
    expect(twins).toHaveLength(2);
    for (const twin of twins) {
      expect(twin.config_findings).toContain('duplicate-server');
      expect(twin.session_findings).toMatch(/^high tool-name-collision: twin \((Claude Code|Cursor) /);
    }
  });

  it('counts each server’s own findings: the hosted server’s OAuth finding is its one high', () => {
    expect(rowsNamed(rows, 'remote')[0]?.server_finding_counts).toMatch(/^1 high\b/);
    // Its one tool has no annotations.title: the low missing-title (issue 50) is its worst flag, no risk flag.
    expect(rowsNamed(rows, 'remote')[0]?.worst_flag).toBe('missing-title');
  });
});

describe('scan outputs of one batch', () => {
  it('text and Markdown count every finding the gate judges, the hosted server’s OAuth finding included', async () => {
    const text = await scanIn(at, ['--format', 'text', '--fail-on', 'high']);
    expect(text.code).toBe(EXIT.gate);
    const textLine =
      /Findings, what --fail-on judges: (\d+) high, .*\((\d+) configuration, (\d+) in the audited servers' reports, (\d+) session\)/.exec(
        text.stdout,
      );
    expect(textLine).not.toBeNull();
    const markdown = await scanIn(at, ['--format', 'markdown']);
    const markdownLine =
      /\*\*Findings\*\*, what --fail-on judges: (\d+) high, .*\((\d+) configuration, (\d+) in the audited servers' reports, (\d+) session\)\./.exec(
        markdown.stdout,
      );
    expect(markdownLine?.slice(1)).toEqual(textLine?.slice(1));

    // The same counts as SARIF's results, whose server findings are one result per entry (notes has two).
    const sarif = JSON.parse((await scanIn(at, ['--format', 'sarif'])).stdout) as Sarif;
    const results = sarif.runs[0]?.results ?? [];
    expect(results.some((result) => result.ruleId === 'no-auth-required' && result.level === 'error')).toBe(true);
    expect(results.filter((result) => result.ruleId === 'tool-name-collision')).toHaveLength(Number(textLine?.[4]));
  }, 120_000);
});
