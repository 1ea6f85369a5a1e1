// A bug in the built CLI is reported with a stack a user can read and send: the bundle keeps its
// names (only whitespace and syntax are minified), so the frames name the source's functions
// (scripts/build-cli.mjs). The bug is injected by a preloaded script that makes the report's
// serialisation throw.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CLI } from './helpers';

const dir = mkdtempSync(join(tmpdir(), 'hintcheck-stack-'));
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

describe('an unexpected error in the built CLI', () => {
  it('prints a stack whose frames name the functions of lib/ that were running', () => {
    const preload = join(dir, 'throw-in-report-json.cjs');
    writeFileSync(
      preload,
      [
        'const original = JSON.stringify;',
        'JSON.stringify = function (value, ...rest) {',
        "  if (value !== null && typeof value === 'object' && 'schemaVersion' in value && 'tools' in value)",
        "    throw new Error('injected bug');",
        '  return original.call(this, value, ...rest);',
        '};',
      ].join('\n'),
    );
    const run = spawnSync(process.execPath, ['-r', preload, CLI, 'audit', '--demo', '--json', '--no-history'], {
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(run.status).toBe(1);
    const lines = run.stderr.trimEnd().split('\n');
    expect(lines[0]).toBe('mcp-hintcheck: unexpected error: Error: injected bug');
    // lib/core/report/json.ts → lib/cli/audit-command.ts, by name, in the bundle's own file.
    expect(lines).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^ {4}at jsonText \(.*dist\/cli\/main\.cjs:\d+:\d+\)$/),
        expect.stringMatching(/^ {4}at (async )?runAuditCommand \(.*dist\/cli\/main\.cjs:\d+:\d+\)$/),
      ]),
    );
  });
});
