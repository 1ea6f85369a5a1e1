// `mcp-hintcheck registry` over the loopback registry fixture (test/fixtures/registry-server.mjs, 300+
// entries), as the done-when of issue 51 asks:
// - one machine's run, SIGKILLed (by PID) after 120 rows and resumed, audits no entry twice and loses none,
//   and its NDJSON events say so;
// - the GitHub workflow (examples/registry-audit/registry-audit.yml), its own shard and merge commands run
//   locally over its 4 shards, merges to what that one machine wrote: one row per entry;
// - the Kubernetes Indexed Job (examples/registry-audit/indexed-job.yaml), its container command run once
//   per completion index over the fixture's second generation, merges to a report naming what changed.
// Each entry is audited by running the fixture's package server (test/registry-examples.ts's `npx`);
// nothing is downloaded.
import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registryReportSchema, type RegistryReport } from '../lib/core/registry/merge';
import { startRegistryFixture, type RegistryFixture } from './fixtures/registry-server.mjs';
import { runCli, tempDir } from './cli-run';
import { CLI, ROOT } from './helpers';
import {
  actionsBash,
  indexedJobPlan,
  OFFICIAL_REGISTRY,
  registryShims,
  runShell,
  workflowPlan,
} from './registry-examples';

const keysOf = (file: string): string[] =>
  readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .flatMap((line) => {
      try {
        return [(JSON.parse(line) as { key: string }).key];
      } catch {
        return [];
      }
    });

const events = (stdout: string): Record<string, unknown>[] =>
  stdout
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as Record<string, unknown>);

/** The report without what differs between machines and runs (times, durations, shard labels). */
function normalised(report: RegistryReport): unknown {
  return {
    ...report,
    generatedAt: null,
    servers: report.servers.map((row) => ({ ...row, durationMs: 0, shard: null })),
  };
}

const readReport = (file: string): RegistryReport => registryReportSchema.parse(JSON.parse(readFileSync(file, 'utf8')));

describe('mcp-hintcheck registry over 300+ fixture entries', () => {
  let fixture: RegistryFixture;
  let PATH: string;
  let dir: string;
  /** One machine's run file (killed and resumed), and the report the workflow's merge wrote. */
  let whole = '';
  let workflowReport = '';
  const runArgs = (runFile: string, ...more: string[]): string[] => [
    'registry',
    fixture.url,
    '--run-file',
    runFile,
    '--timeout',
    '4000',
    ...more,
  ];

  beforeAll(async () => {
    fixture = await startRegistryFixture({ generation: 1 });
    dir = tempDir();
    PATH = registryShims(join(dir, 'bin'));
  });
  afterAll(async () => {
    await fixture.close();
  });

  it(
    'one machine, SIGKILLed after 120 rows and resumed: none audited twice, none lost',
    { timeout: 180_000 },
    async () => {
      whole = join(dir, 'whole.ndjson');
      const child = spawn(process.execPath, [CLI, ...runArgs(whole, '--concurrency', '2')], {
        cwd: ROOT,
        env: { ...process.env, PATH, NO_COLOR: '1', HINTCHECK_DB: join(dir, 'history.db') },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      const closed = new Promise((resolve) => child.once('close', resolve));
      let rows = 0;
      await new Promise<void>((resolve) => {
        child.stdout.on('data', (chunk: Buffer) => {
          rows += chunk.toString().split('"type":"progress"').length - 1;
          if (rows >= 120 && child.pid !== undefined && child.exitCode === null) {
            process.kill(child.pid, 'SIGKILL');
            resolve();
          }
        });
        child.on('close', () => {
          resolve();
        });
      });
      await closed;
      const before = keysOf(whole);
      const entries = fixture.entries.length - 1; // 311 latest records, one listed twice: 310 keys
      expect(before.length).toBeGreaterThanOrEqual(120);
      expect(before.length).toBeLessThan(entries);

      const resumed = await runCli(runArgs(whole, '--concurrency', '4'), { PATH });
      expect(resumed.code, resumed.stderr).toBe(3); // the hang, flood, crash, sign-in and unrunnable entries
      const after = keysOf(whole);
      expect(new Set(after).size).toBe(after.length);
      expect(after.length).toBe(entries);
      expect(after.slice(0, before.length)).toEqual(before);

      // The events: planned (what the run file already held), one progress per row written, done.
      const [planned, ...rest] = events(resumed.stdout);
      const done = rest.pop();
      expect(planned).toMatchObject({
        type: 'planned',
        entries: entries + 1,
        repeats: 1,
        total: entries,
        skipped: before.length,
      });
      const failed = rest.filter((event) => event.status !== 'ok').length;
      expect(failed).toBeGreaterThan(0);
      expect(done).toEqual({
        type: 'done',
        written: entries - before.length,
        failed,
        skipped: before.length,
        total: entries,
      });
      expect(rest).toHaveLength(entries - before.length);
      expect(rest.map((event) => event.key).sort()).toEqual(after.slice(before.length).sort());
      rest.forEach((event, i) => {
        expect(event).toMatchObject({
          type: 'progress',
          done: before.length + i + 1,
          left: rest.length - i - 1,
          total: entries,
        });
        expect(event.perMinute).toBeGreaterThan(0);
      });
      expect(rest.at(-1)?.etaSeconds).toBe(0);
    },
  );

  it(
    "the GitHub workflow's shard and merge steps, run locally, merge to what one machine wrote",
    { timeout: 180_000 },
    async () => {
      expect(whole).not.toBe('');
      const plan = workflowPlan();
      expect(plan.env.REGISTRY).toBe(OFFICIAL_REGISTRY);
      expect(plan.shards).toEqual([1, 2, 3, 4]);
      const env = { PATH, REGISTRY: fixture.url };
      const shardDirs = plan.shards.map((k) => join(dir, `actions-shard-${k}`));
      // The matrix: every shard job at once, each in a workspace of its own.
      const jobs = await Promise.all(
        plan.shards.map(async (k, i) => {
          const workspace = shardDirs[i] ?? '';
          mkdirSync(workspace, { recursive: true });
          const results = [];
          for (const step of plan.shardSteps(k)) {
            expect(step).not.toContain('${{');
            results.push(await runShell(actionsBash(step), workspace, env));
          }
          return results;
        }),
      );
      for (const results of jobs) for (const result of results) expect(result.code, result.stderr).toBe(0);
      // upload-artifact, then download-artifact with merge-multiple into the merge job's workspace.
      const merge = join(dir, 'actions-merge');
      mkdirSync(merge, { recursive: true });
      plan.shards.forEach((k, i) => {
        cpSync(join(shardDirs[i] ?? '', plan.shardUpload(k)), join(merge, plan.shardUpload(k)));
      });
      for (const step of plan.mergeSteps) {
        const result = await runShell(actionsBash(step), merge, env);
        expect(result.code, result.stderr).toBe(0);
      }
      for (const path of plan.mergeUploads) expect(existsSync(join(merge, path)), path).toBe(true);

      workflowReport = join(merge, 'registry-report.json');
      const four = readReport(workflowReport);
      const mergedWhole = join(dir, 'whole-report.json');
      const one = await runCli(['registry', 'merge', whole, '-o', mergedWhole]);
      expect(one.code, one.stderr).toBe(0);
      const single = readReport(mergedWhole);
      expect(single.summary.servers).toBe(fixture.entries.length - 1);
      expect(single.summary.servers).toBeGreaterThanOrEqual(300);
      expect(normalised(four)).toEqual(normalised(single));
      const shardKeys = plan.shards.map((k, i) => keysOf(join(shardDirs[i] ?? '', plan.shardUpload(k))));
      expect(shardKeys.every((keys) => keys.length > 0)).toBe(true);
      expect(shardKeys.flat().length).toBe(single.summary.servers);
      expect(four.servers.map((row) => row.shard)).not.toContain(null);

      const row = (name: string) => single.servers.find((server) => server.name === `io.github.fixture/${name}`);
      expect(row('hang')?.error?.code).toBe('timeout');
      expect(row('flood')?.error?.code).toBe('too-large');
      expect(row('crash')?.error?.code).toBe('server-exited');
      expect(row('remote-auth')?.error?.code).toBe('needs-sign-in');
      expect(row('remote-auth')?.findings.some((finding) => finding.subject.startsWith('oauth/'))).toBe(true);
      expect(row('bundle')?.error?.message).toMatch(/^not auditable here: needs /);
      expect(row('pkg-000')?.target).toEqual({
        kind: 'stdio',
        registryType: 'npm',
        command: ['npx', '-y', '@fixture/pkg-000@1.0.0'],
      });
      expect(single.servers.filter((server) => server.name === 'io.github.fixture/dup')).toHaveLength(2);
      expect(single.servers.some((server) => server.key.startsWith('broken:'))).toBe(true);
      expect(single.summary.verdicts.fail).toBeGreaterThan(0);
      expect(single.summary.verdicts.pass).toBeGreaterThan(0);
      const sarif = JSON.parse(readFileSync(join(merge, 'registry.sarif'), 'utf8')) as { version: string };
      expect(sarif.version).toBe('2.1.0');
    },
  );

  it(
    "the Kubernetes Indexed Job's indexes over the second generation merge to what changed",
    { timeout: 180_000 },
    async () => {
      expect(workflowReport).not.toBe('');
      const job = indexedJobPlan();
      expect(job.completions).toBe(4);
      const [shell, flag, script = ''] = job.command;
      expect([shell, flag]).toEqual(['sh', '-c']);
      expect(script).toContain(OFFICIAL_REGISTRY);
      const next = await startRegistryFixture({ generation: 2 });
      try {
        // The pod's volume and cache paths and the registry, pointed at this test's folder and fixture.
        const runs = join(dir, 'k8s-runs');
        mkdirSync(runs, { recursive: true });
        const local = script
          .replaceAll(OFFICIAL_REGISTRY, next.url)
          .replaceAll(`${job.mountPath}/`, `${runs}/`)
          .replaceAll('/tmp/registry-cache', join(dir, 'k8s-cache'));
        const pods = await Promise.all(
          Array.from({ length: job.completions }, (_, index) =>
            runShell(['sh', '-c', local], dir, { PATH, JOB_COMPLETION_INDEX: String(index) }),
          ),
        );
        for (const pod of pods) expect(pod.code, pod.stderr).toBe(0);
        const report = join(dir, 'k8s-report.json');
        const merged = await runShell(
          ['sh', '-c', `mcp-hintcheck registry merge "${runs}"/*.ndjson -o "${report}" --previous "${workflowReport}"`],
          dir,
          { PATH },
        );
        expect(merged.code, merged.stderr).toBe(0);
        const changed = readReport(report);
        expect(changed.summary.servers).toBe(next.entries.length - 1);
        expect(new Set(changed.servers.map((row) => row.shard))).toEqual(new Set(['1/4', '2/4', '3/4', '4/4']));
        expect(changed.changes.newServers).toHaveLength(5);
        expect(changed.changes.gone).toEqual([]);
        expect(changed.changes.newVersions).toContainEqual({
          name: 'io.github.fixture/pkg-010',
          from: '1.0.0',
          to: '2.0.0',
        });
        expect(changed.changes.newVersions).toHaveLength(30);
        const surfaces = changed.changes.changedSurfaces.map((change) => change.name);
        expect(surfaces).toContain('io.github.fixture/pkg-010');
        // pkg-001 kept its version and its tools: neither a new version nor a changed surface.
        expect(surfaces).not.toContain('io.github.fixture/pkg-001');
        expect(changed.changes.newVersions.map((change) => change.name)).not.toContain('io.github.fixture/pkg-001');
      } finally {
        await next.close();
      }
    },
  );
});
