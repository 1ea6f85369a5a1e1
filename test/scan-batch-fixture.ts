// A configured batch for scan tests: a temporary HOME and project with real client files and real
// servers (the raw stdio fixture, and a hosted one on 127.0.0.1 whose only finding above low is an
// OAuth one), and scan run in-process on it as a user runs it (runScan, --yes, --no-history).
//   project/.mcp.json          notes (basic)
//   ~/.cursor/mcp.json         notes (basic, the same settings: one batch item), twin (paged),
//                              broken (command 42: entry-rejected), remote (the hosted server)
//   ~/.claude.json             twin (basic: another server of the same name; session names tell them apart)
//   ~/.gemini/settings.json    ONE line: leaky (a written GitHub token) and clean (paged)
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { runScan } from '../lib/cli/scan';
import type { DiscoveryPlace } from '../lib/server/config/config-discovery';
import { NODE, RAW, writeText } from './config-fixtures';

export interface ScanBatchPlace {
  base: string;
  home: string;
  project: string;
  /** The hosted server's URL (http://127.0.0.1:PORT/mcp). */
  remoteUrl: string;
  place: DiscoveryPlace;
  close(): Promise<void>;
}

const httpFixtures = (await import(new URL('./fixtures/http-server.mjs', import.meta.url).href)) as {
  startFixture(scenario: string): Promise<{ url: string; close(): Promise<void> }>;
};

export async function scanBatchPlace(): Promise<ScanBatchPlace> {
  const base = mkdtempSync(join(tmpdir(), 'hintcheck-scan-batch-'));
  const home = join(base, 'home');
  const project = join(base, 'project');
  const remote = await httpFixtures.startFixture('open-read-only');
  const basic = { command: NODE, args: [RAW, 'basic'] };
  const paged = { command: NODE, args: [RAW, 'paged'] };
  writeText(join(project, '.mcp.json'), JSON.stringify({ mcpServers: { notes: basic } }, null, 2));
  writeText(
    join(home, '.cursor/mcp.json'),
    JSON.stringify(
      { mcpServers: { notes: basic, twin: paged, broken: { command: 42 }, remote: { url: remote.url } } },
      null,
      2,
    ),
  );
  writeText(join(home, '.claude.json'), JSON.stringify({ mcpServers: { twin: basic } }, null, 2));
  const token = ['ghp', 'abcdefghijklmnopqrstuvwxyz0123456789'].join('_');
  writeText(
    join(home, '.gemini/settings.json'),
    JSON.stringify({ mcpServers: { leaky: { ...basic, env: { GITHUB_TOKEN: token } }, clean: paged } }),
  );
  return {
    base,
    home,
    project,
    remoteUrl: remote.url,
    place: { platform: 'linux', home, projectDir: project, env: { HOME: home, PATH: process.env.PATH ?? '' } },
    close: async () => {
      await remote.close();
      rmSync(base, { recursive: true, force: true });
    },
  };
}

/** `scan --yes --no-history ...args` in the place, in-process; its exit code and what it wrote. */
export async function scanIn(
  at: Pick<ScanBatchPlace, 'home' | 'project'>,
  args: readonly string[],
): Promise<{ code: number; stdout: string; stderr: string }> {
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  let out = '';
  let err = '';
  stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
  const code = await runScan(['--yes', '--no-history', '--project', at.project, ...args], {
    stdout,
    stderr,
    callerEnv: { NODE_ENV: 'test', HOME: at.home, PATH: process.env.PATH ?? '', NO_COLOR: '1' },
    cwd: at.project,
  });
  return { code, stdout: out, stderr: err };
}

/** RFC 4180 text as rows of named cells. */
export function parseCsv(csv: string): Record<string, string>[] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < csv.length; i++) {
    const ch = csv.charAt(i);
    if (quoted) {
      if (ch === '"' && csv[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(cell);
      cell = '';
    } else if (ch === '\r' && csv[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else cell += ch;
  }
  const [header = [], ...body] = rows;
  return body.map((cells) => Object.fromEntries(header.map((name, i) => [name, cells[i] ?? ''])));
}
