// `mcp-hintcheck scan` as a user runs it: a temporary HOME with client configurations, the built CLI,
// the consent question answered through a pipe and on a pseudo-terminal (util-linux `script`).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { scanExportSchema } from '../lib/core/session/scan-export';
import { NODE, RAW, writeText } from './config-fixtures';
import { CLI, ROOT } from './helpers';

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

const RECORDER = join(ROOT, 'test/fixtures/launch-recorder.mjs');

const temp: string[] = [];
afterAll(() => {
  for (const dir of temp) rmSync(dir, { recursive: true, force: true });
});

function tempHome(): string {
  const dir = mkdtempSync(join(tmpdir(), 'hintcheck-cli-scan-'));
  temp.push(dir);
  return dir;
}

function home(servers: Record<string, unknown>): string {
  const dir = tempHome();
  writeText(join(dir, '.cursor/mcp.json'), JSON.stringify({ mcpServers: servers }, null, 2));
  return dir;
}

/** A server that appends its name to `log` when launched, then serves the raw fixture's scenario. */
function recorded(log: string, name: string, scenario = 'basic') {
  return { command: NODE, args: [RECORDER, log, name, scenario] };
}

/** The names of the servers launched, in order ([] when none was). */
function launched(log: string): string[] {
  return existsSync(log) ? readFileSync(log, 'utf8').trim().split('\n').filter(Boolean).sort() : [];
}

const ENV = {
  NODE_ENV: 'test' as const,
  PATH: process.env.PATH ?? '',
  NO_COLOR: '1',
  SCAN_CANARY: 'scan-canary-5d1e77aa90',
};

/** Runs the built CLI's scan with HOME = dir; `stdin` is written to its pipe, then the pipe is closed. */
function scan(dir: string, args: string[], stdin = '', cwd = ROOT): Promise<Run> {
  return new Promise((resolve) => {
    const child = spawn(NODE, [CLI, 'scan', '--project', dir, ...args], { cwd, env: { ...ENV, HOME: dir } });
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

describe('mcp-hintcheck scan', () => {
  it('lists servers and findings, and launches nothing when stdin ends without an answer (exit 2)', async () => {
    const dir = home({});
    const pidFile = join(dir, 'pids');
    writeText(
      join(dir, '.cursor/mcp.json'),
      JSON.stringify({
        mcpServers: { spy: { command: NODE, args: [RAW, 'grandchildren'], env: { FIXTURE_PID_FILE: pidFile } } },
      }),
    );
    writeText(
      join(dir, '.gemini/settings.json'),
      JSON.stringify(
        {
          mcpServers: {
            gh: {
              command: 'npx',
              args: ['-y', 'some-server'],
              env: { GITHUB_TOKEN: 'ghp_abcdefghijklmnopqrstuvwxyz0123456789' },
            },
          },
        },
        null,
        2,
      ),
    );
    const run = await scan(dir, []);
    expect(run.code).toBe(2);
    expect(run.stdout).toContain('2 MCP servers found');
    expect(run.stdout).toMatch(/spy\s+Cursor\s+~\/\.cursor\/mcp\.json:1/);
    expect(run.stdout).toMatch(/gh\s+Gemini CLI\s+~\/\.gemini\/settings\.json:3/);
    expect(run.stdout).toContain('env: GITHUB_TOKEN');
    expect(run.stdout).toContain('plaintext-secret');
    expect(run.stdout).toContain('unpinned-package');
    expect(run.stdout).not.toContain('ghp_abc');
    expect(run.stderr).toContain('Audit which servers?');
    expect(run.stderr).toContain('stdin ended without an answer; nothing launched.');
    expect(run.stderr).toContain('Valid numbers: 1-2 (1 spy, 2 gh)');
    expect(existsSync(pidFile)).toBe(false);
  });

  it('audits exactly the servers a piped answer names, and nothing else', async () => {
    const dir = tempHome();
    const log = join(dir, 'launched');
    writeText(
      join(dir, '.cursor/mcp.json'),
      JSON.stringify(
        {
          mcpServers: {
            one: recorded(log, 'one'),
            two: recorded(log, 'two'),
            three: recorded(log, 'three', 'paged'),
            four: recorded(log, 'four'),
          },
        },
        null,
        2,
      ),
    );
    const run = await scan(dir, ['--format', 'json'], '1,3\n');
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toContain('Audit which servers? [y = all 4 enabled, n = none, or numbers like 1,3-5]: 1,3');
    expect(launched(log)).toEqual(['one', 'three']);
    const output = scanExportSchema.parse(JSON.parse(run.stdout));
    expect(output.overview.map((row) => [row.name, row.status, row.tools])).toEqual([
      ['one', 'ok', 8],
      ['three', 'ok', 6],
    ]);
    expect(output.servers).toHaveLength(4);

    // "n" from a pipe is an answer too: nothing starts, exit 0.
    const none = await scan(dir, [], 'n\n');
    expect(none.code).toBe(0);
    expect(none.stderr).toContain('Nothing chosen; nothing launched.');
    expect(launched(log)).toEqual(['one', 'three']);
  }, 30_000);

  it.each([
    ['a number outside the list', '7\n', '"7" is not usable: 7 is outside 1-2'],
    ['a word', 'both\n', '"both" is not usable: "both" is not a number or a range'],
    ['a range past the end', '1-5\n', '1-5 is outside 1-2'],
    ['an empty line', '\n', 'stdin gave an empty line, not an answer'],
    ['nothing at all', '', 'stdin ended without an answer'],
  ])('refuses %s from a pipe with exit 2, says what to type, and launches nothing', async (_what, answer, message) => {
    const dir = tempHome();
    const log = join(dir, 'launched');
    writeText(
      join(dir, '.cursor/mcp.json'),
      JSON.stringify({ mcpServers: { alpha: recorded(log, 'alpha'), beta: recorded(log, 'beta') } }, null, 2),
    );
    const run = await scan(dir, ['--format', 'json'], answer);
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toContain(message);
    expect(run.stderr).toContain('nothing launched.');
    expect(run.stderr).toContain(
      'try: type y (all 2 enabled), n (none), or numbers and ranges like 1,3-5. Valid numbers: 1-2 (1 alpha, 2 beta).',
    );
    expect(launched(log)).toEqual([]);
  });

  const hasScript = spawnSync('script', ['--version'], { encoding: 'utf8' }).status === 0;
  it.runIf(hasScript)(
    'asks on a pseudo-terminal (util-linux script) and audits the typed choice',
    async () => {
      const dir = tempHome();
      const log = join(dir, 'launched');
      writeText(
        join(dir, '.cursor/mcp.json'),
        JSON.stringify({ mcpServers: { left: recorded(log, 'left'), right: recorded(log, 'right') } }, null, 2),
      );
      const quote = (text: string): string => `'${text.replaceAll("'", "'\\''")}'`;
      const inPty = (answer: string): Promise<Run> =>
        new Promise((resolve) => {
          const command = [NODE, CLI, 'scan', '--project', dir].map(quote).join(' ');
          const child = spawn('script', ['-q', '-e', '-c', command, '/dev/null'], {
            cwd: ROOT,
            env: { ...ENV, HOME: dir, TERM: 'dumb' },
          });
          let stdout = '';
          child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
          child.stdin.end(answer);
          child.on('close', (code) => {
            resolve({ code, stdout, stderr: '' });
          });
        });
      const typed = await inPty('2\n');
      expect(typed.code, typed.stdout).toBe(0);
      expect(typed.stdout).toContain('Audit which servers? [y = all 2 enabled');
      expect(typed.stdout).toMatch(/Overview: 1 of 1 audited/);
      expect(launched(log)).toEqual(['right']);
      // On a terminal, Enter alone chooses none.
      const enter = await inPty('\n');
      expect(enter.code, enter.stdout).toBe(0);
      expect(enter.stdout).toContain('Nothing chosen; nothing launched.');
      expect(launched(log)).toEqual(['right']);
    },
    30_000,
  );

  it('audits with --yes into one JSON of every Report, and exits 3 when a server cannot start', async () => {
    const dir = home({
      ok: { command: NODE, args: [RAW, 'basic'], env: { TOKEN: '${env:SCAN_CANARY}' } },
      dies: { command: NODE, args: [RAW, 'exit-early'] },
    });
    const run = await scan(dir, ['--yes', '--format', 'json']);
    expect(run.code).toBe(3);
    const output = scanExportSchema.parse(JSON.parse(run.stdout));
    expect(output.overview.map((row) => [row.name, row.status])).toEqual([
      ['ok', 'ok'],
      ['dies', 'failed'],
    ]);
    expect(output.reports.map((r) => r.name)).toEqual(['ok', 'dies']);
    expect(output.overview[1]?.error).toContain('MISSING_API_KEY');
    expect(`${run.stdout}${run.stderr}`).not.toContain('scan-canary');
  }, 30_000);

  it('writes the overview as CSV and exits 0 when every audit succeeds', async () => {
    const dir = home({ a: { command: NODE, args: [RAW, 'basic'] }, b: { command: NODE, args: [RAW, 'paged'] } });
    const run = await scan(dir, ['--yes', '--format', 'csv', '--concurrency', '2']);
    expect(run.code).toBe(0);
    const lines = run.stdout.trim().split('\r\n');
    expect(lines[0]).toMatch(/^name,clients,locations,status,/);
    expect(lines.slice(1).map((line) => line.split(',').slice(0, 4).join(','))).toEqual([
      `a,Cursor,${dir}/.cursor/mcp.json:3,ok`,
      `b,Cursor,${dir}/.cursor/mcp.json:10,ok`,
    ]);
  }, 30_000);

  it.each([
    [['--client', 'notepad'], /--client "notepad" is not one of/],
    [['--config', '/nonexistent/mcp.json'], /no such file/],
    [['--concurrency', '0'], /--concurrency must be a whole number/],
  ])('exits 2 on %j', async (args, message) => {
    const run = await scan(home({}), args);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(message);
  });
});
