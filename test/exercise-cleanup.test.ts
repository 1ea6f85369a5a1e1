// The exercise's throwaway folders (HOME, working folder, /tmp, the trace) are removed however the
// exercise ends: a launch that fails in the call phase (in process), the time budget spent and a
// cancel (in process, server-filesystem: no network use), and a second Ctrl-C that exits the CLI at
// once (the lying fixture, inside a loopback-only network namespace, `unshare -rn`), and a server
// that closed a folder (mode 000) as an unprivileged user, to whom it stays closed. Each run points
// TMPDIR at a fresh folder and lists its hintcheck-exercise-* entries afterwards.
import { execFileSync, spawn } from 'node:child_process';
import { chownSync, mkdtempSync, readdirSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { runAudit } from '../lib/server/audit/audit';
import { exerciseServer } from '../lib/server/exercise/run';
import { checkSandbox, findExecutable } from '../lib/server/exercise/sandbox';
import { CLI, ROOT } from './helpers';

const LYING = fileURLToPath(new URL('./fixtures/exercise/lying-server.mjs', import.meta.url));
const LOCKING = fileURLToPath(new URL('./fixtures/exercise/locking-server.mjs', import.meta.url));
const FILESYSTEM = join(ROOT, 'node_modules/@modelcontextprotocol/server-filesystem/dist/index.js');
const BWRAP = findExecutable('bwrap', process.env.PATH);
const STRACE = findExecutable('strace', process.env.PATH);
const TRUE = findExecutable('true', process.env.PATH);

function works(command: string, args: string[]): boolean {
  try {
    execFileSync(command, args, { stdio: 'ignore', timeout: 10_000 });
    return true;
  } catch {
    return false;
  }
}
const SANDBOX = BWRAP !== null && STRACE !== null && TRUE !== null;
const LOOPBACK_ONLY = works('unshare', ['-rn', 'true']);
const NOBODY = ['setpriv', '--reuid=65534', '--regid=65534', '--clear-groups'];
const AS_NOBODY = process.getuid?.() === 0 && works('unshare', ['-n', ...NOBODY, 'true']);

const made: string[] = [];
function freshFolder(prefix: string): string {
  const folder = mkdtempSync(join(tmpdir(), prefix));
  made.push(folder);
  return folder;
}
const leftovers = (folder: string): string[] =>
  readdirSync(folder).filter((name) => name.startsWith('hintcheck-exercise-'));

const savedTmp = process.env.TMPDIR;
afterEach(() => {
  if (savedTmp === undefined) delete process.env.TMPDIR;
  else process.env.TMPDIR = savedTmp;
});
afterEach(() => {
  for (const folder of made.splice(0)) rmSync(folder, { recursive: true, force: true });
});

describe.skipIf(!SANDBOX)('exercise: no sandbox folder is left behind', () => {
  it('when the sandbox cannot start (strace gone between the sandbox check and the launch)', async () => {
    const bin = freshFolder('hintcheck-cleanup-path-');
    for (const [name, target] of [
      ['bwrap', BWRAP],
      ['strace', STRACE],
      ['prlimit', findExecutable('prlimit', process.env.PATH)],
      ['true', TRUE],
    ] as const)
      if (target !== null) symlinkSync(target, join(bin, name));
    const target = { transport: 'stdio' as const, command: process.execPath, args: [FILESYSTEM, '.'], env: [] };
    const report = await runAudit(target, {});
    expect(report.tools.length).toBeGreaterThan(5);
    // The check passes and is remembered (the dashboard checks once per PATH); then strace goes.
    await checkSandbox(bin);
    rmSync(join(bin, 'strace'));
    const tmp = freshFolder('hintcheck-cleanup-tmp-');
    process.env.TMPDIR = tmp;
    // prlimit cannot start strace: the sandboxed server never initializes, and the run says so.
    const exercised = await exerciseServer(target, report, { mode: 'checkable', callerEnv: { PATH: bin } });
    expect(exercised.exercise?.stopped).toMatch(/did not initialize/);
    // Every tool it planned is not reached for that reason (issue 47.4).
    expect(exercised.exercise?.reach?.reached).toBe(0);
    expect(exercised.exercise?.reach?.notReached.map((group) => group.kind)).toContain('start-failed');
    expect(exercised.tools.filter((tool) => tool.behaviour?.status === 'clean')).toEqual([]);
    expect(leftovers(tmp)).toEqual([]);
  }, 60_000);

  it('when the time budget is spent, and when cancelled', async () => {
    const target = { transport: 'stdio' as const, command: process.execPath, args: [FILESYSTEM, '.'], env: [] };
    const report = await runAudit(target, {});
    const tmp = freshFolder('hintcheck-cleanup-tmp-');
    process.env.TMPDIR = tmp;
    const callerEnv = { PATH: process.env.PATH };
    const spent = await exerciseServer(target, report, { mode: 'checkable', callerEnv, limits: { totalTimeoutMs: 1 } });
    expect(spent.exercise?.stopped).toMatch(/time budget/);
    expect(spent.exercise?.reach?.notReached.map((group) => group.kind)).toContain('time-budget');
    expect(leftovers(tmp)).toEqual([]);
    const cancel = new AbortController();
    cancel.abort();
    const cancelled = await exerciseServer(target, report, { mode: 'checkable', callerEnv, signal: cancel.signal });
    expect(cancelled.exercise?.stopped).toBe('cancelled');
    expect(cancelled.exercise?.reach?.notReached.map((group) => group.kind)).toContain('cancelled');
    expect(leftovers(tmp)).toEqual([]);
  }, 60_000);

  it.skipIf(!LOOPBACK_ONLY)(
    'when a second Ctrl-C exits the CLI at once mid-exercise (in a loopback-only namespace)',
    async () => {
      const tmp = freshFolder('hintcheck-cleanup-tmp-');
      const args = ['-rn', process.execPath, CLI, 'audit', '--fail-on', 'none', '--exercise', '--yes', '--no-history'];
      const child = spawn('unshare', [...args, '--format', 'json', '--', process.execPath, LYING], {
        cwd: ROOT,
        env: { PATH: process.env.PATH ?? '', HOME: tmp, TMPDIR: tmp, NO_COLOR: '1' } as unknown as NodeJS.ProcessEnv,
      });
      let stderr = '';
      let interrupted = false;
      let during: string[] = [];
      child.stderr.on('data', (chunk: Buffer) => {
        stderr += chunk.toString();
        // The first call is made: the sandbox folder exists and the server runs in it.
        if (interrupted || !/\[1\/\d+\]/.test(stderr)) return;
        interrupted = true;
        during = leftovers(tmp);
        child.kill('SIGINT');
        setTimeout(() => child.kill('SIGINT'), 50);
      });
      const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
      expect(interrupted, stderr).toBe(true);
      expect(during).toHaveLength(1);
      expect(code, stderr).toBe(130);
      expect(leftovers(tmp)).toEqual([]);
    },
    120_000,
  );

  it.skipIf(!AS_NOBODY || !LOOPBACK_ONLY)(
    'when the server closed a folder to its owner (the CLI as nobody, in a loopback-only namespace)',
    async () => {
      const tmp = freshFolder('hintcheck-cleanup-tmp-');
      chownSync(tmp, 65534, 65534);
      // The network namespace is made as root, then the CLI runs as nobody (inside `unshare -rn` it
      // would be root of its own namespace, able to remove a closed folder anyway).
      const args = ['-n', ...NOBODY, process.execPath, CLI, 'audit', '--fail-on', 'none', '--exercise', '--yes'];
      const child = spawn('unshare', [...args, '--no-history', '--', process.execPath, LOCKING], {
        cwd: ROOT,
        env: { PATH: process.env.PATH ?? '', HOME: tmp, TMPDIR: tmp, NO_COLOR: '1' } as unknown as NodeJS.ProcessEnv,
      });
      let output = '';
      child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
      const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
      expect(code, output).toBe(0);
      expect(output).toMatch(/lock_folder: ok/);
      expect(leftovers(tmp)).toEqual([]);
    },
    120_000,
  );
});
