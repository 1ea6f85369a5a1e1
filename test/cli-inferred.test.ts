// The effect inferred from a tool's name, in the CLI's text and CSV, on a published server that sends
// no annotations (@modelcontextprotocol/server-github 2025.4.8): shown as inferred beside the spec
// default, never as declared, and the order follows it.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from './cli-run';
import { ROOT } from './helpers';

const GITHUB = ['--', process.execPath, join(ROOT, 'node_modules/@modelcontextprotocol/server-github/dist/index.js')];

describe('inferred effect in the CLI', () => {
  it('text: the inference sits under the tool, labelled, beside the default class', async () => {
    const { code, stdout } = await runCli(['audit', ...GITHUB]);
    expect(code).not.toBeNull();
    const lines = stdout.split('\n');
    const merge = lines.findIndex((line) => line.startsWith(' merge_pull_request · '));
    expect(lines[merge]).toBe(' merge_pull_request · destructive-write · unannotated');
    // The line under the tool, with its continuation (text is wrapped within 100 columns).
    const inferred = [lines[merge + 1], lines[merge + 2]].join(' ').replace(/ {2,}/g, ' ');
    expect(lines[merge + 1]).toMatch(/^ {3}inferred from its name \("merge"\): /);
    expect(inferred).toMatch(/^ inferred from its name \("merge"\): .*not declared, the hints are absent/);
    const order = lines.filter((line) => /^ [a-z_]+ · /.test(line)).map((line) => line.trim().split(' ')[0]);
    expect(order.indexOf('merge_pull_request')).toBeLessThan(order.indexOf('get_issue'));
  }, 30_000);

  it('csv: inferred_effect follows the earlier columns, before the behaviour columns of --exercise', async () => {
    const { stdout } = await runCli(['audit', '--format', 'csv', ...GITHUB]);
    const [header = '', ...rows] = stdout.trimEnd().split('\r\n');
    expect(header).toContain(',inferred_effect,behaviour,behaviour_summary,bytes,');
    const push = rows.find((row) => row.includes(',push_files,'));
    // Not exercised: the two behaviour cells are empty; bytes follow.
    expect(push).toMatch(/,"?destructive-write \(""push"" in its name; hints absent\)"?,,,\d+,/);
  }, 30_000);
});
