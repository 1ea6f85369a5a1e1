// The sandbox holds (issue 33): the hostile fixture's read-only tools attack the sandbox the way the
// red team's did (remount, io_uring, mknod, an old descriptor, /dev/shm, a hard-linked canary, a host
// socket, filling /tmp, flooding the trace, swapping a FIFO and /dev/zero into the working folder),
// and the built CLI must report each, never call it clean, and leave the host untouched. Every run
// happens inside a loopback-only network namespace (unshare -rn), as root and, where the machine
// allows, as uid 65534 (setpriv): an unprivileged user's sandbox must hold the same way.
import { spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Report, ToolReport } from '../lib/core/report/report';
import { AS_NOBODY, LOOPBACK_ONLY, NOBODY, SANDBOX } from './sandbox-env';
import { CLI, ROOT } from './helpers';

const HOSTILE = fileURLToPath(new URL('./fixtures/exercise/hostile-server.mjs', import.meta.url));
const USERS = [{ who: 'root', prefix: [] as string[] }, ...(AS_NOBODY ? [{ who: 'nobody', prefix: NOBODY }] : [])];

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
  peakKiB: number;
}

/** The CLI in a loopback-only namespace (as `prefix` says), with its peak memory (GNU time's %M). */
function cli(prefix: string[], args: string[], home: string, extraEnv: Record<string, string> = {}): Promise<Run> {
  const command = [...prefix, 'unshare', '-rn', '/usr/bin/time', '-f', 'PEAK %M', process.execPath, CLI, ...args];
  return new Promise((resolve) => {
    const child = spawn(command[0] ?? 'unshare', command.slice(1), {
      cwd: ROOT,
      env: { PATH: process.env.PATH ?? '', HOME: home, NO_COLOR: '1', ...extraEnv } as unknown as NodeJS.ProcessEnv,
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('close', (code) => {
      const peak = /PEAK (\d+)/.exec(stderr)?.[1];
      resolve({ code, stdout, stderr, peakKiB: Number(peak ?? 0) });
    });
  });
}

const exercise = (scenario: string[], extra: string[] = []): string[] => [
  'audit',
  '--exercise',
  'all',
  '--yes',
  '--no-history',
  '--format',
  'json',
  ...extra,
  '--',
  process.execPath,
  HOSTILE,
  ...scenario,
];

function tool(report: Report, name: string): ToolReport {
  const found = report.tools.find((candidate) => candidate.name === name);
  if (found === undefined) throw new Error(`no tool ${name}`);
  return found;
}
const status = (report: Report, name: string): string | undefined => tool(report, name).behaviour?.status;
const effects = (report: Report, name: string) =>
  (tool(report, name).behaviour?.calls ?? []).flatMap((call) => call.effects);
const flagIds = (report: Report, name: string): string[] => tool(report, name).flags.map((flag) => flag.id);

let scratch = '';
let home = '';
let socketFolder = '';
let socketServer: Server | undefined;
let connections = 0;
const hostFile = (): string => join(scratch, 'escaped-onto-the-host');

beforeAll(async () => {
  scratch = mkdtempSync(join(tmpdir(), 'hintcheck-sandbox-test-'));
  chmodSync(scratch, 0o777);
  home = join(scratch, 'home');
  mkdirSync(home, { mode: 0o777 });
  chmodSync(home, 0o777);
  // A Unix socket on the host, in a /tmp folder the server's arguments name: it must stay unreachable.
  socketFolder = join(scratch, 'socket');
  mkdirSync(socketFolder, { mode: 0o777 });
  chmodSync(socketFolder, 0o777);
  socketServer = createServer((socket) => {
    connections += 1;
    socket.destroy();
  });
  await new Promise<void>((resolve) => socketServer?.listen(join(socketFolder, 's'), resolve));
  chmodSync(join(socketFolder, 's'), 0o777);
});

afterAll(async () => {
  await new Promise<void>((resolve) => {
    if (socketServer === undefined) resolve();
    else
      socketServer.close(() => {
        resolve();
      });
  });
  rmSync(scratch, { recursive: true, force: true });
});

describe.skipIf(!SANDBOX || !LOOPBACK_ONLY).each(USERS)('the sandbox holds, as $who', ({ prefix }) => {
  it('reports every escape attempt of a read-only tool and leaves the host untouched', async () => {
    const run = await cli(prefix, exercise(['escape', hostFile(), socketFolder]), home);
    const report = JSON.parse(run.stdout) as Report;
    // Remounting / read-write, unmounting /tmp: refused, the write onto the host failed, the tool accused.
    expect(existsSync(hostFile())).toBe(false);
    expect(status(report, 'remount')).toBe('contradicted');
    expect(effects(report, 'remount').some((e) => e.kind === 'refused' && e.target === 'mount')).toBe(true);
    // Every capability dropped inside, root or not (the tool's error text is its CapEff line).
    const capabilities = tool(report, 'capabilities').behaviour?.calls[0]?.message ?? '';
    expect(capabilities).toMatch(/CapEff:\s+0000000000000000/);
    // io_uring and mknod: refused, and the tool is inconclusive, never clean.
    expect(status(report, 'uring')).toBe('inconclusive');
    expect(effects(report, 'uring').some((e) => e.kind === 'refused' && e.target === 'io_uring_setup')).toBe(true);
    expect(status(report, 'make_node')).toBe('inconclusive');
    expect(effects(report, 'make_node').some((e) => e.kind === 'refused' && e.target === 'mknodat')).toBe(true);
    expect(flagIds(report, 'make_node')).toContain('exercise-inconclusive');
    // A write through a descriptor opened at start-up: the snapshot saw it, no traced call did.
    expect(status(report, 'old_fd')).toBe('contradicted');
    expect(effects(report, 'old_fd')).toContainEqual(
      expect.objectContaining({ kind: 'changed', target: './startup.log' }),
    );
    // /dev/shm is the sandbox's own, and watched.
    expect(status(report, 'shm_write')).toBe('contradicted');
    expect(effects(report, 'shm_write').some((e) => e.target === '/dev/shm/hintcheck-shm')).toBe(true);
    // A canary read through a hard link made at start-up.
    expect(flagIds(report, 'link_read')).toContain('read-credentials');
    // The host socket named in the arguments is not there inside; nothing connected to it.
    expect(effects(report, 'socket').every((e) => e.kind !== 'connect' || !e.ok)).toBe(true);
    expect(connections).toBe(0);
    // /tmp is a tmpfs of 128 MiB: filling it stops there.
    const filled = Number(/wrote (\d+) bytes/.exec(tool(report, 'fill_tmp').behaviour?.calls[0]?.message ?? '')?.[1]);
    expect(filled).toBeGreaterThan(0);
    expect(filled).toBeLessThanOrEqual(128 * 1024 * 1024);
    // Nothing is clean here, and the report says which limits applied and what the sandbox cannot see.
    expect(report.tools.filter((t) => t.behaviour?.status === 'clean').map((t) => t.name)).toEqual([]);
    expect(report.exercise?.sandboxFacts?.limits.join(' ')).toMatch(/128 MiB tmpfs/);
    expect(report.exercise?.sandboxFacts?.blindSpots.length).toBeGreaterThan(0);
    expect(report.target.transport === 'stdio' && report.target.listedIn).toMatch(/sandbox/);
  });

  it('a trace flooded past its cap makes the run inconclusive, never clean, in bounded memory', async () => {
    // A cap of 64 MiB (HINTCHECK_TRACE_CAP_MIB) is reached in a second or two even on a busy machine;
    // the flood itself would write about 620 MiB.
    const run = await cli(prefix, exercise(['flood']), home, { HINTCHECK_TRACE_CAP_MIB: '64' });
    const report = JSON.parse(run.stdout) as Report;
    expect(report.exercise?.sandboxFacts?.incomplete).toMatch(/trace passed its cap of 64 MiB/);
    expect(status(report, 'flood')).toBe('inconclusive');
    expect(flagIds(report, 'flood')).toContain('exercise-inconclusive');
    expect(run.peakKiB).toBeLessThan(1024 * 1024);
  });

  it('a FIFO and a link to /dev/zero swapped into the working folder neither hang nor blow up the CLI', async () => {
    const run = await cli(prefix, exercise(['swap']), home);
    expect(run.code).not.toBeNull();
    const report = JSON.parse(run.stdout) as Report;
    expect(status(report, 'swap')).toBe('contradicted');
    expect(status(report, 'after_swap')).toBe('clean');
    expect(run.peakKiB).toBeLessThan(512 * 1024);
  });

  it('tools/resolve in the sandbox: an honest resolution observed, one that executed caught, one that widens flagged', async () => {
    const run = await cli(prefix, exercise(['resolve']), home);
    const report = JSON.parse(run.stdout) as Report;
    const resolutions = report.declared?.resolutions ?? [];
    expect(resolutions.map((entry) => [entry.tool, entry.observed])).toEqual([
      ['peek', true],
      ['prefetch', true],
      ['widen', true],
    ]);
    const findings = (report.declared?.findings ?? []).map((finding) => `${finding.id} ${finding.subject}`);
    expect(findings).toContain('resolve-executed tool prefetch');
    expect(findings).toContain('resolve-widens-hints tool widen');
    expect(findings.filter((finding) => finding.endsWith('tool peek'))).toEqual([]);
    // The resolutions are not calls: each tool is still called once, and peek's call is clean.
    expect(report.exercise?.calls).toBe(3);
    expect(status(report, 'peek')).toBe('clean');
  });

  it('the first Ctrl-C ends the call in flight at once, not after its 10 s limit', async () => {
    const command = [...prefix, 'unshare', '-rn', process.execPath, CLI, ...exercise(['slow'])];
    const child = spawn(command[0] ?? 'unshare', command.slice(1), {
      cwd: ROOT,
      env: { PATH: process.env.PATH ?? '', HOME: home, NO_COLOR: '1' } as unknown as NodeJS.ProcessEnv,
    });
    let stderr = '';
    let interruptedAt = 0;
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
      if (interruptedAt !== 0 || !stderr.includes('make 1 call to 1 tool: slow')) return;
      // The plan is printed as the sandbox starts: 2 s later the call is sent and the server sleeps on it.
      interruptedAt = Date.now() + 2000;
      setTimeout(() => child.kill('SIGINT'), 2000);
    });
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    expect(interruptedAt, stderr).toBeGreaterThan(0);
    expect(code, stderr).toBe(130);
    // The call's own limit is 10 s: ending well before it is ending "at once".
    expect(Date.now() - interruptedAt).toBeLessThan(8000);
  });

  it('audit --sandbox lists a server that writes its HOME at start-up without touching the real HOME', async () => {
    const run = await cli(
      prefix,
      ['audit', '--sandbox', '--no-history', '--format', 'json', '--', process.execPath, HOSTILE, 'home'],
      home,
    );
    const report = JSON.parse(run.stdout) as Report;
    expect(report.tools.map((t) => t.name)).toEqual(['home_status']);
    expect(report.target.transport === 'stdio' && report.target.listedIn).toMatch(/sandbox/);
    expect(readdirSync(home)).not.toContain('hintcheck-home-write');
    // The same listing on the host writes it: the test can fail.
    const plain = await cli(
      prefix,
      ['audit', '--no-history', '--fail-on', 'none', '--format', 'json', '--', process.execPath, HOSTILE, 'home'],
      home,
    );
    expect(plain.code).toBe(0);
    expect(readdirSync(home)).toContain('hintcheck-home-write');
    rmSync(join(home, 'hintcheck-home-write'));
  });

  it('a server that cannot start in the sandbox gets a hint naming --no-sandbox', async () => {
    const run = await cli(
      prefix,
      ['audit', '--sandbox', '--no-history', '--format', 'json', '--', process.execPath, HOSTILE, 'offline'],
      home,
    );
    const report = JSON.parse(run.stdout) as Report;
    expect(report.errors.map((error) => error.hint).join(' ')).toMatch(/--no-sandbox/);
  });
});
