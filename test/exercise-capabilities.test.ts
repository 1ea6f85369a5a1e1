// audit --exercise connects as the audit did (issues 22 and 23): server-everything registers four
// tools only for a client that declares roots, sampling or elicitation; the exercise must declare what
// the audit declared, so those tools are called rather than "not found", and must answer the server's
// requests as the audit does (roots: the sandbox's working folder, never a host path; sampling refused;
// elicitation declined). The built CLI runs inside a loopback-only network namespace (unshare -rn).
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import type { ServerRequestRecord } from '../lib/core/capabilities/session';
import type { Report, ToolReport } from '../lib/core/report/report';
import { findExecutable } from '../lib/server/exercise/sandbox';
import { CLI, ROOT } from './helpers';

const EVERYTHING = join(ROOT, 'node_modules/@modelcontextprotocol/server-everything/dist/index.js');
/** Serves both eras; it answers no tools/call, so a call that arrives is refused "Method not found". */
const V2_STDIO = join(ROOT, 'test/fixtures/v2-stdio-server.mjs');
const HOST_ONLY = [
  'get-roots-list',
  'trigger-elicitation-request',
  'trigger-url-elicitation',
  'trigger-sampling-request',
];
const SANDBOX =
  findExecutable('bwrap', process.env.PATH) !== null && findExecutable('strace', process.env.PATH) !== null;

function works(command: string, args: string[]): boolean {
  try {
    execFileSync(command, args, { stdio: 'ignore', timeout: 10_000 });
    return true;
  } catch {
    return false;
  }
}
const LOOPBACK_ONLY = works('unshare', ['-rn', 'true']);

const SCRATCH = mkdtempSync(join(tmpdir(), 'hintcheck-exercise-caps-'));
afterAll(() => {
  rmSync(SCRATCH, { recursive: true, force: true });
});
// The long-running tool's default (10 s) only spends the call's time limit.
const CALLS = join(SCRATCH, 'calls.json');
writeFileSync(CALLS, JSON.stringify({ 'trigger-long-running-operation': { duration: 0.2, steps: 1 } }));

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** The built CLI in a loopback-only network namespace: audit, then exercise with consent given. */
function exercise(options: string[], server = [EVERYTHING, 'stdio']): Promise<Run> {
  const args = [
    '-rn',
    process.execPath,
    CLI,
    'audit',
    '--fail-on',
    'none',
    ...options,
    '--exercise',
    '--yes',
    '--no-history',
  ];
  args.push('--format', 'json', '--', process.execPath, ...server);
  return new Promise((resolve) => {
    const child = spawn('unshare', args, {
      cwd: ROOT,
      env: { PATH: process.env.PATH ?? '', HOME: SCRATCH, NO_COLOR: '1' } as unknown as NodeJS.ProcessEnv,
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('close', (code) => {
      resolve({ code, stdout, stderr });
    });
  });
}

function tool(report: Report, name: string): ToolReport {
  const found = report.tools.find((candidate) => candidate.name === name);
  if (found === undefined) throw new Error(`no tool ${name}`);
  return found;
}
const requestsOf = (t: ToolReport): ServerRequestRecord[] =>
  (t.behaviour?.calls ?? []).flatMap((call) => call.serverRequests ?? []);
/** The names after "make N calls to M tools: " in the consent line. */
const plannedIn = (stderr: string): string[] =>
  (/calls? to \d+ tools?: (.*)\.\n/.exec(stderr)?.[1] ?? '').split(', ').filter(Boolean);

describe.skipIf(!SANDBOX || !LOOPBACK_ONLY)(
  'audit --exercise declares what the audit declared (server-everything)',
  () => {
    it('default (host): the four host-only tools are called and answered, roots are the sandbox working folder', async () => {
      const hostFolder = mkdtempSync(join(SCRATCH, 'root-'));
      const result = await exercise(['--root', hostFolder, '--calls', CALLS]);
      expect(result.code, result.stderr).toBe(0);
      const report = JSON.parse(result.stdout) as Report;
      expect(report.tools.length).toBeGreaterThanOrEqual(17);
      expect(plannedIn(result.stderr)).toEqual(expect.arrayContaining(HOST_ONLY));
      for (const name of HOST_ONLY) {
        const calls = tool(report, name).behaviour?.calls ?? [];
        expect(calls.length, name).toBeGreaterThan(0);
        for (const call of calls) expect(call.message ?? '', name).not.toMatch(/not found/i);
      }
      const client = report.exercise?.client;
      expect(client?.declared).toEqual(report.clientSession?.declared);
      expect(Object.keys(client?.declared ?? {}).sort()).toEqual([
        'elicitation',
        'extensions',
        'roots',
        'sampling',
        'tasks',
      ]);
      expect(client?.protocolVersion).toBe(report.protocol?.version);
      // The audit offered the folder given with --root; the sandbox hides it, so the exercise offers its own.
      expect(report.clientSession?.roots).toEqual([pathToFileURL(hostFolder).href]);
      expect(client?.roots).toEqual(['file:///tmp/work']);
      const rootsAsked = [...(client?.startRequests ?? []), ...report.tools.flatMap(requestsOf)].filter(
        (request) => request.method === 'roots/list',
      );
      expect(rootsAsked.length).toBeGreaterThan(0);
      for (const request of rootsAsked) expect(request.detail).toBe('1 root: file:///tmp/work');
      expect(tool(report, 'get-roots-list').behaviour?.calls[0]?.outcome).toBe('ok');
      // Sampling is refused (the tool reports the refusal); elicitation is declined.
      const sampling = tool(report, 'trigger-sampling-request');
      expect(requestsOf(sampling).map((r) => [r.method, r.answer])).toEqual([['sampling/createMessage', 'error']]);
      expect(sampling.behaviour?.calls[0]?.message).toMatch(/Declined: mcp-hintcheck .* never forwards/);
      for (const name of ['trigger-elicitation-request', 'trigger-url-elicitation']) {
        expect(
          requestsOf(tool(report, name)).map((r) => [r.method, r.detail]),
          name,
        ).toEqual([['elicitation/create', 'action: decline']]);
        expect(tool(report, name).behaviour?.calls[0]?.outcome, name).toBe('ok');
      }
    }, 120_000);

    it('--capabilities none: the audit lists 13, the exercise declares none and plans only those', async () => {
      const result = await exercise(['--capabilities', 'none', '--calls', CALLS]);
      expect(result.code, result.stderr).toBe(0);
      const report = JSON.parse(result.stdout) as Report;
      expect(report.tools.length).toBe(13);
      const planned = plannedIn(result.stderr);
      expect(planned.length).toBeGreaterThan(5);
      expect(planned.every((name) => report.tools.some((t) => t.name === name))).toBe(true);
      for (const name of HOST_ONLY) expect(planned).not.toContain(name);
      expect(report.exercise?.client?.declared).toEqual({});
      expect(report.exercise?.client?.roots).toEqual([]);
      expect(report.exercise?.client?.startRequests).toEqual([]);
      for (const t of report.tools)
        for (const call of t.behaviour?.calls ?? []) {
          expect(call.message ?? '', t.name).not.toMatch(/not found/i);
          expect(call.serverRequests, t.name).toEqual([]);
        }
    }, 120_000);

    it('--capabilities FILE: the exercise declares the file (roots only), so get-roots-list alone is added', async () => {
      const file = join(SCRATCH, 'roots-only.json');
      writeFileSync(file, JSON.stringify({ roots: {} }));
      const result = await exercise(['--capabilities', file, '--calls', CALLS]);
      expect(result.code, result.stderr).toBe(0);
      const report = JSON.parse(result.stdout) as Report;
      expect(report.tools.length).toBe(14);
      const planned = plannedIn(result.stderr);
      expect(planned).toContain('get-roots-list');
      expect(tool(report, 'get-roots-list').behaviour?.calls[0]?.outcome).toBe('ok');
      expect(report.exercise?.client?.declared).toEqual({ roots: {} });
      expect(report.tools.map((t) => t.name)).not.toContain('trigger-sampling-request');
    }, 120_000);

    it.each([
      ['auto', '2026-07-28'],
      ['legacy', '2025-11-25'],
    ])(
      'speaks the revision the audit spoke (--protocol %s: %s)',
      async (protocol, version) => {
        const result = await exercise(['--protocol', protocol], [V2_STDIO]);
        expect(result.code, result.stderr).toBe(0);
        const report = JSON.parse(result.stdout) as Report;
        expect(report.protocol?.version).toBe(version);
        expect(report.exercise?.stopped).toBeNull();
        expect(report.exercise?.client?.protocolVersion).toBe(version);
        const calls = report.tools.flatMap((t) => t.behaviour?.calls ?? []);
        expect(calls.length).toBeGreaterThan(0);
        for (const call of calls) expect(call.message).toBe('Method not found');
      },
      60_000,
    );
  },
);
