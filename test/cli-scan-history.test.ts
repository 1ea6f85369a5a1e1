// `scan --db` means what it means for `audit` (issue 24): each audit the scan runs is saved in that
// history file, a failed one as a failure, with no secret in it; --no-history saves nothing; an empty
// --db or both options are usage errors. Built CLI, temporary HOME, real SQLite file read back through
// `history list --json`.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { historyEntrySchema } from '../lib/core/history/entry';
import { NODE, RAW, writeText } from './config-fixtures';
import { CLI, ROOT } from './helpers';

const temp: string[] = [];
afterAll(() => {
  for (const dir of temp) rmSync(dir, { recursive: true, force: true });
});

function home(servers: Record<string, unknown>): string {
  const dir = mkdtempSync(join(tmpdir(), 'hintcheck-scan-db-'));
  temp.push(dir);
  writeText(join(dir, '.cursor/mcp.json'), JSON.stringify({ mcpServers: servers }, null, 2));
  return dir;
}

const CANARY = 'scan-db-canary-77c1e0b2f4';

function cli(dir: string, args: string[], env: Record<string, string> = {}, stdin = '') {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = spawn(NODE, [CLI, ...args], {
      cwd: ROOT,
      env: { NODE_ENV: 'test', PATH: process.env.PATH ?? '', NO_COLOR: '1', HOME: dir, SCAN_CANARY: CANARY, ...env },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.stdin.end(stdin);
    child.on('close', (code) => {
      resolve({ code, stdout, stderr });
    });
  });
}

const scan = (dir: string, args: string[], env: Record<string, string> = {}, stdin = '') =>
  cli(dir, ['scan', '--project', dir, ...args], env, stdin);

const SERVERS = {
  ok: { command: NODE, args: [RAW, 'basic'], env: { TOKEN: '${env:SCAN_CANARY}' } },
  dies: { command: NODE, args: [RAW, 'exit-early'] },
};

describe('scan --db', () => {
  it('saves each audit the scan runs in that file: the one that worked, and the failure as a failure', async () => {
    const dir = home(SERVERS);
    const db = join(dir, 'scan-history.db');
    const run = await scan(dir, ['--yes', '--db', db, '--format', 'json']);
    expect(run.code).toBe(3);
    expect(run.stderr).not.toContain('not saved');
    const listed = await cli(dir, ['history', 'list', '--json', '--db', db]);
    expect(listed.code).toBe(0);
    const entries = historyEntrySchema.array().parse(JSON.parse(listed.stdout));
    expect(entries.map((entry) => entry.outcome).sort()).toEqual(['complete', 'failed']);
    expect(entries.every((entry) => entry.conditions.source === 'cli')).toBe(true);
    expect(entries.find((entry) => entry.outcome === 'complete')?.conditions.envNames).toEqual(['TOKEN']);
    expect(entries.find((entry) => entry.outcome === 'failed')?.error).toContain('MISSING_API_KEY');
    for (const entry of entries) expect(entry.identity).toContain(RAW);
    // The saved Reports are the redacted ones: the variable's value is nowhere in the file.
    expect(readFileSync(db).includes(CANARY)).toBe(false);
    // The default location (HINTCHECK_DB unset: the data directory under HOME) was not used.
    expect(existsSync(join(dir, '.local/share/mcp-hintcheck/history.db'))).toBe(false);
  }, 60_000);

  it('without --db, saves where audit saves (HINTCHECK_DB); --no-history saves nothing', async () => {
    const dir = home({ ok: SERVERS.ok });
    const db = join(dir, 'env-history.db');
    expect((await scan(dir, ['--yes', '--format', 'json', '--fail-on', 'none'], { HINTCHECK_DB: db })).code).toBe(0);
    const listed = await cli(dir, ['history', 'list', '--json'], { HINTCHECK_DB: db });
    expect(historyEntrySchema.array().parse(JSON.parse(listed.stdout))).toHaveLength(1);

    const other = join(dir, 'not-written.db');
    expect(
      (await scan(dir, ['--yes', '--no-history', '--format', 'json', '--fail-on', 'none'], { HINTCHECK_DB: other }))
        .code,
    ).toBe(0);
    expect(existsSync(other)).toBe(false);
  }, 60_000);

  it('opens no file when nothing is audited', async () => {
    const dir = home({ ok: SERVERS.ok });
    const db = join(dir, 'untouched.db');
    const run = await scan(dir, ['--db', db], {}, 'n\n');
    expect(run.code).toBe(0);
    expect(existsSync(db)).toBe(false);
  });

  it.each([
    [['--db', ''], /--db needs a file path/],
    [['--db', 'x.db', '--no-history'], /Give --db or --no-history, not both/],
  ])('exits 2 on %j', async (args, message) => {
    const dir = home({});
    const run = await scan(dir, args);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(message);
    expect(existsSync(join(dir, 'x.db'))).toBe(false);
  });
});
