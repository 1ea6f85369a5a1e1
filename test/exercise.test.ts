// audit --exercise end to end (issue 23): the built CLI runs servers in the bubblewrap sandbox under
// strace. The lying fixture's network lies aim at TEST-NET-1 and a .invalid name, and that run
// happens inside a loopback-only network namespace (unshare -rn), so even a failed sandbox could not
// reach out. Published servers: server-filesystem, server-memory, server-everything.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { Report, ToolReport } from '../lib/core/report/report';
import { BEHAVIOUR_FINDING_IDS } from '../lib/core/exercise/definitions';
import { findExecutable } from '../lib/server/exercise/sandbox';
import { CLI, ROOT } from './helpers';

const LYING = fileURLToPath(new URL('./fixtures/exercise/lying-server.mjs', import.meta.url));
const FILESYSTEM = join(ROOT, 'node_modules/@modelcontextprotocol/server-filesystem/dist/index.js');
const MEMORY = join(ROOT, 'node_modules/@modelcontextprotocol/server-memory/dist/index.js');
const EVERYTHING = join(ROOT, 'node_modules/@modelcontextprotocol/server-everything/dist/index.js');
const BWRAP = findExecutable('bwrap', process.env.PATH);
const STRACE = findExecutable('strace', process.env.PATH);
const SANDBOX = BWRAP !== null && STRACE !== null;

function works(command: string, args: string[]): boolean {
  try {
    execFileSync(command, args, { stdio: 'ignore', timeout: 10_000 });
    return true;
  } catch {
    return false;
  }
}
const LOOPBACK_ONLY = works('unshare', ['-rn', 'true']);
const AS_NOBODY =
  process.getuid?.() === 0 && works('setpriv', ['--reuid=65534', '--regid=65534', '--clear-groups', 'true']);

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

function run(prefix: string[], args: string[], env: Record<string, string> = {}): Promise<Run> {
  const [command = process.execPath, ...rest] = [...prefix, process.execPath, CLI, ...args];
  return new Promise((resolve) => {
    const child = spawn(command, rest, {
      cwd: ROOT,
      env: { PATH: process.env.PATH ?? '', HOME: tmpdir(), NO_COLOR: '1', ...env } as unknown as NodeJS.ProcessEnv,
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

const exercise = (extra: string[], server: string[]): string[] => [
  'audit',
  '--fail-on',
  'none',
  '--exercise',
  ...extra,
  '--yes',
  '--no-history',
  '--format',
  'json',
  '--',
  process.execPath,
  ...server,
];

function tool(report: Report, name: string): ToolReport {
  const found = report.tools.find((candidate) => candidate.name === name);
  if (found === undefined) throw new Error(`no tool ${name}`);
  return found;
}
const behaviourIds = (t: ToolReport): string[] =>
  t.flags.filter((flag) => (BEHAVIOUR_FINDING_IDS as readonly string[]).includes(flag.id)).map((flag) => flag.id);
const effects = (t: ToolReport) => (t.behaviour?.calls ?? []).flatMap((call) => call.effects);

const HONEST = ['read_notes', 'lookup_clean', 'append_note', 'save_settings', 'write_output'];
const LIES: [string, string, RegExp][] = [
  ['read_but_writes', 'readonly-wrote', /~\/\.cache\/lying/],
  ['read_child_writes', 'readonly-wrote', /\/tmp\/child-wrote\.txt/],
  ['read_child_writes', 'spawned-process', /execve\("\/bin\/sh"/],
  ['closed_dns', 'closed-world-connected', /htons\(53\)|nscd/],
  ['closed_connect', 'closed-world-connected', /192\.0\.2\.1/],
  ['read_secrets', 'read-credentials', /\.ssh\/id_ed25519/],
  ['bump_counter', 'idempotent-differed', /counter\.txt/],
  ['add_but_deletes', 'nondestructive-deleted', /unlink.*hintcheck-sample\.txt/],
];

function checkLyingFixture(report: Report): void {
  for (const [name, id, evidence] of LIES) {
    const flag = tool(report, name).flags.find((candidate) => candidate.id === id);
    expect(flag, `${name} ${id}`).toBeDefined();
    expect(flag?.message, `${name} ${id}`).toMatch(evidence);
    expect(tool(report, name).behaviour?.status).toBe('contradicted');
  }
  for (const name of HONEST) {
    expect(behaviourIds(tool(report, name)), name).toEqual([]);
    expect(tool(report, name).behaviour?.status, name).toBe('clean');
  }
  const rejected = tool(report, 'rejects_args').behaviour;
  expect(rejected?.status).toBe('not-exercised');
  expect(rejected?.calls[0]?.message).toMatch(/Invalid params/);
  // The late write (60 ms after the answer: past the 30 ms quiet, inside the 50 ms idle window) is
  // shown on its call, not dropped and not given to the next tool. It is never called clean (issue 47:
  // a write after the answer, with the server idle before the call): in the idle window it is weighed
  // on the call as a late effect, "N ms after answering" (core/exercise/late.ts), and seen again when
  // re-run alone it is inconclusive with that evidence; under load the settle window can close after
  // it: then it is the call's own write, contradicted when seen twice.
  const lateTool = tool(report, 'read_late_write');
  const late = effects(lateTool).find((e) => e.target === './late.txt');
  expect(late?.phase).toMatch(/^(after|during)$/);
  if (late?.phase === 'after') expect(late.lateMs).toBeGreaterThanOrEqual(50);
  expect(['contradicted', 'inconclusive'], lateTool.behaviour?.summary).toContain(lateTool.behaviour?.status);
  expect(effects(tool(report, 'closed_dns')).map((e) => e.target)).not.toContain('./late.txt');
  // The repeat of an idempotent claim was made with the same arguments.
  const counter = tool(report, 'bump_counter').behaviour?.calls ?? [];
  expect(counter.map((call) => call.round)).toEqual([1, 2]);
  // An observed contradiction outranks any claim.
  const worstHonest = Math.min(...HONEST.map((name) => tool(report, name).risk.rank));
  for (const [name] of LIES) expect(tool(report, name).risk.rank, name).toBeLessThan(worstHonest);
}

describe.skipIf(!SANDBOX)('audit --exercise (bubblewrap and strace installed)', () => {
  it.skipIf(!LOOPBACK_ONLY)(
    'reports every lie of the lying fixture with evidence, accuses no honest tool (in a loopback-only namespace)',
    async () => {
      const result = await run(['unshare', '-rn'], exercise([], [LYING]));
      expect(result.code, result.stderr).toBe(0);
      expect(result.stderr).toMatch(/make 16 calls to 14 tools: read_notes, lookup_clean/);
      const report = JSON.parse(result.stdout) as Report;
      checkLyingFixture(report);
      expect(report.exercise?.mode).toBe('checkable');
      expect(report.exercise?.sandbox).toMatch(/bubblewrap/);
    },
    120_000,
  );

  it.skipIf(!AS_NOBODY || !LOOPBACK_ONLY)(
    'works unprivileged: the same verdicts when the CLI runs as nobody (user namespaces)',
    async () => {
      const result = await run(
        ['setpriv', '--reuid=65534', '--regid=65534', '--clear-groups', 'unshare', '-rn'],
        exercise([], [LYING]),
      );
      expect(result.code, result.stderr).toBe(0);
      checkLyingFixture(JSON.parse(result.stdout) as Report);
    },
    120_000,
  );

  it('server-filesystem: no read tool accused; write_file seen writing inside its folder', async () => {
    const result = await run([], exercise([], [FILESYSTEM, '.']));
    expect(result.code, result.stderr).toBe(0);
    const report = JSON.parse(result.stdout) as Report;
    const readOnly = report.tools.filter((t) => t.readOnly);
    expect(readOnly.length).toBeGreaterThan(5);
    for (const t of readOnly) {
      expect(behaviourIds(t), t.name).toEqual([]);
      expect(['clean', 'not-exercised'], t.name).toContain(t.behaviour?.status);
    }
    expect(readOnly.filter((t) => t.behaviour?.status === 'clean').length).toBeGreaterThan(5);
    const writes = effects(tool(report, 'write_file')).filter(
      (e) => e.ok && (e.kind === 'create' || e.kind === 'overwrite'),
    );
    expect(writes.map((e) => e.target)).toContain('./hintcheck-sample.txt');
    expect(writes.every((e) => e.area === 'work')).toBe(true);
  }, 120_000);

  it('server-memory: shows where it writes its memory file (beside its code, read-only in the sandbox)', async () => {
    const result = await run([], exercise([], [MEMORY]));
    expect(result.code, result.stderr).toBe(0);
    const report = JSON.parse(result.stdout) as Report;
    const tried = report.tools.flatMap(effects).filter((e) => e.target.includes('server-memory/dist/memory.jsonl'));
    expect(tried.length).toBeGreaterThan(0);
    // Refused: read-only in the sandbox. (From a checkout under /tmp, bound back read-only into the
    // sandbox's /tmp, the path reads as the sandbox's tmp area rather than the system's.)
    expect(tried.every((e) => e.error === 'EROFS')).toBe(true);
    if (!ROOT.startsWith('/tmp/')) expect(tried.every((e) => e.area === 'system')).toBe(true);
    // Issue 34: no tool at all is accused (saveGraph's failed unlink of the temporary file it failed
    // to make is no deletion), with the default store and with a writable MEMORY_FILE_PATH.
    for (const t of report.tools) expect(behaviourIds(t), t.name).toEqual([]);
    const writable = await run([], exercise(['--env', 'MEMORY_FILE_PATH=/tmp/work/memory.jsonl'], [MEMORY]));
    const stored = JSON.parse(writable.stdout) as Report;
    for (const t of stored.tools) {
      expect(behaviourIds(t), t.name).toEqual([]);
      expect(t.behaviour?.status, t.name).toBe('clean');
    }
  }, 120_000);

  it('the bundled demo shows contradicted (seen twice), clean and not-exercised tools, with reasons', async () => {
    const result = await run(
      [],
      ['audit', '--demo', '--fail-on', 'none', '--exercise', '--yes', '--no-history', '--format', 'json'],
    );
    expect(result.code, result.stderr).toBe(0);
    const report = JSON.parse(result.stdout) as Report;
    // servers/demo/acts.ts: the honest two, the three documented lies, the rest answer a tool error.
    const status = (name: string) => tool(report, name).behaviour?.status;
    expect(['list_members', 'create_quest_draft'].map(status)).toEqual(['clean', 'clean']);
    expect(behaviourIds(tool(report, 'get_quest'))).toEqual(['readonly-wrote']);
    expect(behaviourIds(tool(report, 'summarize_feedback'))).toEqual(['closed-world-connected']);
    expect(tool(report, 'summarize_feedback').flags.find((f) => f.id === 'closed-world-connected')?.message).toContain(
      'Contacted: 127.0.0.1:9.',
    );
    expect(behaviourIds(tool(report, 'get_stats'))).toEqual(['read-credentials']);
    for (const name of ['get_quest', 'summarize_feedback', 'get_stats']) {
      expect(status(name), name).toBe('contradicted');
      expect(tool(report, name).behaviour?.summary, name).toContain('seen twice');
    }
    expect(status('delete_quest')).toBe('not-exercised');
    expect(tool(report, 'delete_quest').behaviour?.summary).toContain('The demo server does not run tools');
    expect(report.exercise?.skipped.map((s) => s.tool)).toContain('run_automation');
  }, 120_000);

  it('server-everything: every planned tool gets a behaviour; no read-only tool is accused', async () => {
    const result = await run([], exercise([], [EVERYTHING, 'stdio']));
    expect(result.code, result.stderr).toBe(0);
    const report = JSON.parse(result.stdout) as Report;
    const exercised = report.tools.filter((t) => t.behaviour !== undefined);
    expect(exercised.length).toBeGreaterThan(5);
    expect(exercised.length + (report.exercise?.skipped.length ?? 0)).toBe(report.tools.length);
    for (const t of report.tools.filter((candidate) => candidate.readOnly))
      expect(
        t.flags.map((flag) => flag.id),
        t.name,
      ).not.toContain('readonly-wrote');
  }, 120_000);
});

describe('audit --exercise without a sandbox', () => {
  function pathWith(names: string[]): string {
    const dir = mkdtempSync(join(tmpdir(), 'hintcheck-path-'));
    for (const name of names) {
      const found = name === 'node' ? process.execPath : findExecutable(name, process.env.PATH);
      if (found !== null) symlinkSync(found, join(dir, name));
    }
    return dir;
  }

  it('refuses with exit 2 naming bubblewrap when bwrap is missing, and starts nothing', async () => {
    const marker = join(mkdtempSync(join(tmpdir(), 'hintcheck-marker-')), 'started');
    const result = await run([], exercise([], ['-e', `require('fs').writeFileSync(${JSON.stringify(marker)}, 'x')`]), {
      PATH: pathWith(['node', 'strace', 'true']),
    });
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/bubblewrap/);
    expect(result.stderr).toMatch(/apt-get install bubblewrap/);
    expect(result.stdout).toBe('');
    expect(existsSync(marker)).toBe(false);
  });

  it.skipIf(BWRAP === null)('refuses with exit 2 naming strace when strace is missing', async () => {
    const result = await run([], exercise([], [LYING]), { PATH: pathWith(['node', 'bwrap', 'true']) });
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/strace/);
    expect(result.stdout).toBe('');
  });

  it('refuses a hosted server and --yes without --exercise (usage errors)', async () => {
    const hosted = await run([], ['audit', '--exercise', '--yes', '--url', 'http://127.0.0.1:9/mcp']);
    expect(hosted.code).toBe(2);
    expect(hosted.stderr).toMatch(/hosted server cannot be run in a sandbox/);
    const lonely = await run([], ['audit', '--yes', '--', process.execPath, LYING]);
    expect(lonely.code).toBe(2);
    expect(lonely.stderr).toMatch(/--yes applies to --exercise/);
  });
});
