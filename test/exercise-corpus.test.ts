// The labelled corpus (issue 34): published servers exercised live in the sandbox, inside a
// loopback-only namespace (unshare -rn), with the expected verdict of every tool that is accused
// and the source line that decides it, read in the installed package. Every other exercised tool
// must not be contradicted: precision of contradictions 100% is the bar (docs/exercise.md has the
// figures). Skipped where bubblewrap, strace or unshare is missing (and Playwright without Chromium).
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Report } from '../lib/core/report';
import { LOOPBACK_ONLY, SANDBOX } from './sandbox-env';
import { CLI, ROOT } from './helpers';

const CHROMIUM = '/usr/bin/chromium';
const module = (path: string) => join(ROOT, 'node_modules', path);
const PLAYWRIGHT_CORE = 'node_modules/@playwright/mcp/node_modules/playwright-core/lib/coreBundle.js';

interface Labelled {
  server: string;
  command: string[];
  extra?: string[];
  /** Tool → why it is a lie, with the source line that decides it. Every other tool: not contradicted. */
  contradicted: Record<string, string>;
  /** Tools that must end clean (called, succeeded, nothing contradicted). */
  clean?: string[];
  needs?: string;
}

const CORPUS: Labelled[] = [
  {
    server: 'server-memory (default store beside its code, read-only in the sandbox)',
    command: [module('@modelcontextprotocol/server-memory/dist/index.js')],
    // dist/index.js saveGraph: writes `${path}.${random}.tmp` then renames it; on EROFS it unlinks the
    // temporary file it failed to make: no deletion of anything that existed.
    contradicted: {},
  },
  {
    server: 'server-memory (writable MEMORY_FILE_PATH)',
    command: [module('@modelcontextprotocol/server-memory/dist/index.js')],
    extra: ['--env', 'MEMORY_FILE_PATH=/tmp/work/memory.jsonl'],
    // The same atomic rewrite of a store this run made: its own file, additive by the spec's meaning.
    contradicted: {},
    clean: ['read_graph', 'search_nodes', 'open_nodes', 'create_entities'],
  },
  {
    server: 'server-filesystem',
    command: [module('@modelcontextprotocol/server-filesystem/dist/index.js'), '.'],
    // The read tools only read (dist/lib.js readFileContent, getFileStats); get_file_info now runs
    // before move_file (read-only tools first), so it finds the sample.
    contradicted: {},
    clean: ['read_text_file', 'list_directory', 'get_file_info', 'search_files', 'directory_tree'],
  },
  {
    server: 'server-everything',
    command: [module('@modelcontextprotocol/server-everything/dist/index.js'), 'stdio'],
    contradicted: {},
  },
  {
    server: '@playwright/mcp (system Chromium, headless)',
    command: [
      module('@playwright/mcp/cli.js'),
      '--headless',
      '--browser',
      'chromium',
      '--executable-path',
      CHROMIUM,
      '--no-sandbox',
    ],
    needs: CHROMIUM,
    // readOnlyHint true, yet each writes where its optional `filename` says (response.addFileResult →
    // fs.promises.writeFile in _writeFile, coreBundle.js:67239). The browser's own profile writes
    // (~/.cache/ms-playwright-mcp/...) are background, no tool's.
    contradicted: {
      browser_take_screenshot: `${PLAYWRIGHT_CORE}:69291-69297 resolveClientOutputFile({ suggestedFilename: params.filename }) then addFileResult(resolvedFile, data)`,
      browser_snapshot: `${PLAYWRIGHT_CORE}:65703 setIncludeFullSnapshot(params.filename, …) writes the snapshot to the file`,
      browser_console_messages: `${PLAYWRIGHT_CORE}:67706 addResult("Console", text, { suggestedFilename: params.filename })`,
      browser_network_requests: `${PLAYWRIGHT_CORE}:68852 addResult("Network", lines, { suggestedFilename: params.filename })`,
    },
  },
];

function exercise(entry: Labelled): Promise<Report> {
  const args = ['-rn', process.execPath, CLI, 'audit', '--exercise', ...(entry.extra ?? []), '--yes', '--no-history'];
  const all = [...args, '--format', 'json', '--', process.execPath, ...entry.command];
  return new Promise((resolve, reject) => {
    const child = spawn('unshare', all, {
      cwd: ROOT,
      env: { PATH: process.env.PATH ?? '', HOME: tmpdir(), NO_COLOR: '1' } as unknown as NodeJS.ProcessEnv,
    });
    let stdout = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.on('close', () => {
      try {
        resolve(JSON.parse(stdout) as Report);
      } catch (error) {
        reject(error instanceof Error ? error : new Error(String(error)));
      }
    });
  });
}

describe.skipIf(!SANDBOX || !LOOPBACK_ONLY)('the labelled corpus: published servers exercised live', () => {
  it.each(CORPUS.map((entry) => [entry.server, entry] as const))(
    '%s: every accusation expected, with its reason',
    async (_name, entry) => {
      if (entry.needs !== undefined && !existsSync(entry.needs)) return;
      const report = await exercise(entry);
      const accused = report.tools.filter((t) => t.behaviour?.status === 'contradicted').map((t) => t.name);
      expect(accused.sort()).toEqual(Object.keys(entry.contradicted).sort());
      for (const name of Object.keys(entry.contradicted))
        expect(report.tools.find((t) => t.name === name)?.behaviour?.summary, name).toContain('seen twice');
      for (const name of entry.clean ?? [])
        expect(report.tools.find((t) => t.name === name)?.behaviour?.status, name).toBe('clean');
    },
    180_000,
  );
});
