// `mcp-hintcheck scan` as a user runs it: a temporary HOME with client configurations, the built CLI.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
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

const temp: string[] = [];
afterAll(() => {
  for (const dir of temp) rmSync(dir, { recursive: true, force: true });
});

function home(servers: Record<string, unknown>): string {
  const dir = mkdtempSync(join(tmpdir(), 'hintcheck-cli-scan-'));
  temp.push(dir);
  writeText(join(dir, '.cursor/mcp.json'), JSON.stringify({ mcpServers: servers }, null, 2));
  return dir;
}

function scan(dir: string, args: string[], stdin = ''): Promise<Run> {
  return new Promise((resolve) => {
    const child = spawn(NODE, [CLI, 'scan', '--project', dir, ...args], {
      cwd: ROOT,
      env: {
        NODE_ENV: 'test',
        HOME: dir,
        PATH: process.env.PATH ?? '',
        NO_COLOR: '1',
        SCAN_CANARY: 'scan-canary-5d1e77aa90',
      },
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

describe('mcp-hintcheck scan', () => {
  it('lists servers and findings and launches nothing without a terminal or --yes', async () => {
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
    const run = await scan(dir, [], 'y\n');
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('2 MCP servers found');
    expect(run.stdout).toMatch(/spy\s+Cursor\s+~\/\.cursor\/mcp\.json:1/);
    expect(run.stdout).toMatch(/gh\s+Gemini CLI\s+~\/\.gemini\/settings\.json:3/);
    expect(run.stdout).toContain('env: GITHUB_TOKEN');
    expect(run.stdout).toContain('plaintext-secret');
    expect(run.stdout).toContain('unpinned-package');
    expect(run.stdout).not.toContain('ghp_abc');
    expect(run.stderr).toContain('Nothing launched');
    expect(existsSync(pidFile)).toBe(false);
  });

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
