// Every command of the built CLI, asked for a format it does not write (one that does not exist, and
// one that exists but not for that command): exit 2 (lib/cli/exit-codes.ts), one line naming the
// formats that command writes (lib/cli/formats/registry.ts), nothing on stdout, and nothing started
// (the target records its launch; the history file is never created).
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { EXIT } from '../lib/cli/exit-codes';
import { formatsFor, orList, type FormatCommand } from '../lib/cli/formats/registry';
import { NODE, writeText } from './config-fixtures';
import { runCli, tempDir } from './cli-run';
import { ROOT } from './helpers';

const dir = tempDir();
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});
const log = join(dir, 'launched.log');
const db = join(dir, 'history.db');
const target = ['--', NODE, join(ROOT, 'test/fixtures/launch-recorder.mjs'), log, 'target'];
const contract = writeText(join(dir, 'mcp-surface.json'), '{}');
writeText(
  join(dir, 'home/.cursor/mcp.json'),
  JSON.stringify({
    mcpServers: { recorded: { command: NODE, args: [join(ROOT, 'test/fixtures/launch-recorder.mjs'), log, 'scan'] } },
  }),
);

/** Each command's arguments around the format options (`format`: before the target's `--`). */
const COMMANDS: Record<FormatCommand, (format: string[]) => string[]> = {
  audit: (format) => ['audit', ...format, ...target],
  oauth: (format) => ['oauth', 'http://127.0.0.1:9/mcp', ...format],
  'contract write': (format) => ['contract', 'write', '-o', join(dir, 'written.json'), ...format, ...target],
  verify: (format) => ['verify', '--contract', contract, ...format, ...target],
  'history list': (format) => ['history', 'list', ...format],
  'history show': (format) => ['history', 'show', '1', ...format],
  'history diff': (format) => ['history', 'diff', '1', '2', ...format],
  'history prune': (format) => ['history', 'prune', ...format],
  'history delete': (format) => ['history', 'delete', '1', ...format],
  scan: (format) => ['scan', '--project', join(dir, 'home'), '--yes', ...format],
};

/** A format that exists but that the command does not write (none for audit and history show, which write all). */
const UNWRITTEN: Partial<Record<FormatCommand, string>> = {
  oauth: 'sarif',
  'contract write': 'text',
  verify: 'csv',
  'history list': 'markdown',
  'history diff': 'csv',
  'history prune': 'junit',
  'history delete': 'csv',
  scan: 'junit',
};

const cases: [FormatCommand, string, string][] = (Object.keys(COMMANDS) as FormatCommand[]).flatMap((command) => [
  [command, 'xml', `--format "xml" is not a format; ${command} writes ${orList(formatsFor(command))}.`],
  ...(UNWRITTEN[command] === undefined
    ? []
    : [
        [
          command,
          UNWRITTEN[command],
          `${command} does not write --format ${UNWRITTEN[command]}; it writes ${orList(formatsFor(command))}.`,
        ] as [FormatCommand, string, string],
      ]),
]);

describe('a format a command does not write', () => {
  it.each(cases)('%s --format %s: exit 2, the formats it writes, nothing started', async (command, format, message) => {
    const run = await runCli(COMMANDS[command](['--format', format]), { HINTCHECK_DB: db, HOME: join(dir, 'home') });
    expect(run.code).toBe(EXIT.usage);
    expect(run.stdout).toBe('');
    expect(run.stderr.split('\n')[0]).toBe(`mcp-hintcheck: ${message}`);
    expect(run.stderr).toContain(
      command === 'scan' ? 'try: Run mcp-hintcheck scan --help' : 'try: Run mcp-hintcheck --help',
    );
    expect(existsSync(log) ? readFileSync(log, 'utf8') : '').toBe('');
    expect(existsSync(db)).toBe(false);
  });

  it('contract write takes --json, its one format', async () => {
    const run = await runCli(['contract', 'write', '--json', '-o', '-', '--no-history', ...target]);
    expect(run.code).toBe(EXIT.ok);
    expect(JSON.parse(run.stdout)).toMatchObject({ kind: 'mcp-surface-contract' });
    rmSync(log, { force: true });
  });
});
