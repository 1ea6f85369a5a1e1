// `mcp-hintcheck registry` over the loopback registry fixture (test/fixtures/registry-server.mjs, 300+
// entries): N shards merged equal one machine's run; a run killed halfway (SIGKILL by PID) and resumed
// audits no entry twice and loses none; a second generation's changes are named; the decisions load in
// their documented shapes.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registryReportSchema, type RegistryReport } from '../lib/core/registry/merge';
import { startRegistryFixture, type RegistryFixture } from './fixtures/registry-server.mjs';
import { runCli, tempDir } from './cli-run';
import { CLI, ROOT } from './helpers';

const RUNNER = `npm=${process.execPath} ${join(ROOT, 'test/fixtures/registry/package-server.mjs')}`;
const args = (url: string, runFile: string, ...more: string[]): string[] => [
  'registry',
  url,
  '--run-file',
  runFile,
  '--timeout',
  '4000',
  '--concurrency',
  '4',
  '--package-runner',
  RUNNER,
  ...more,
];

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

/** The report without what differs between machines and runs (times, durations, shard labels). */
function normalised(report: RegistryReport): unknown {
  return {
    ...report,
    generatedAt: null,
    servers: report.servers.map((row) => ({ ...row, durationMs: 0, shard: null })),
  };
}

async function merge(files: string[], ...more: string[]): Promise<RegistryReport> {
  const out = join(tempDir(), 'report.json');
  const run = await runCli(['registry', 'merge', ...files, '-o', out, ...more]);
  expect(run.code, run.stderr).toBe(0);
  return registryReportSchema.parse(JSON.parse(readFileSync(out, 'utf8')));
}

describe('mcp-hintcheck registry', () => {
  let fixture: RegistryFixture;
  beforeAll(async () => {
    fixture = await startRegistryFixture({ generation: 1 });
  });
  afterAll(async () => {
    await fixture.close();
  });

  it('three shards merged equal one machine; every entry is one row', { timeout: 240_000 }, async () => {
    const dir = tempDir();
    const whole = join(dir, 'whole.ndjson');
    const single = await runCli(args(fixture.url, whole));
    expect(single.code).toBe(3); // the hang, flood, crash, sign-in and unrunnable entries failed
    const shards = [1, 2, 3].map((k) => join(dir, `shard-${k}.ndjson`));
    const runs = await Promise.all(shards.map((file, i) => runCli(args(fixture.url, file, '--shard', `${i + 1}/3`))));
    for (const run of runs) expect(run.code).toBe(3);
    const one = await merge([whole]);
    const three = await merge(shards);
    // 311 latest records, one listed twice: 310 keys.
    expect(one.summary.servers).toBe(fixture.entries.length - 1);
    expect(one.summary.servers).toBeGreaterThanOrEqual(300);
    expect(normalised(three)).toEqual(normalised(one));
    expect(shards.map((file) => keysOf(file).length).reduce((a, b) => a + b)).toBe(one.summary.servers);
    const row = (name: string) => one.servers.find((server) => server.name === `io.github.fixture/${name}`);
    expect(row('hang')?.error?.code).toBe('timeout');
    expect(row('flood')?.error?.code).toBe('too-large');
    expect(row('crash')?.error?.code).toBe('server-exited');
    expect(row('remote-auth')?.error?.code).toBe('needs-sign-in');
    expect(row('remote-auth')?.findings.some((finding) => finding.subject.startsWith('oauth/'))).toBe(true);
    expect(row('bundle')?.error?.message).toMatch(/^not auditable here: needs /);
    expect(one.servers.filter((server) => server.name === 'io.github.fixture/dup')).toHaveLength(2);
    expect(one.servers.some((server) => server.key.startsWith('broken:'))).toBe(true);
    expect(one.summary.verdicts.fail).toBeGreaterThan(0);
    expect(one.summary.verdicts.pass).toBeGreaterThan(0);

    // The second generation: new versions, changed surfaces, new servers.
    const next = await startRegistryFixture({ generation: 2 });
    try {
      const second = join(dir, 'second.ndjson');
      await runCli(args(next.url, second));
      const previous = join(dir, 'previous.json');
      await runCli(['registry', 'merge', whole, '-o', previous]);
      const changed = await merge([second], '--previous', previous);
      expect(changed.changes.newServers).toHaveLength(5);
      expect(changed.changes.newVersions).toContainEqual({
        name: 'io.github.fixture/pkg-010',
        from: '1.0.0',
        to: '2.0.0',
      });
      expect(changed.changes.changedSurfaces.map((change) => change.name)).toContain('io.github.fixture/pkg-010');
      // pkg-001's version changed nothing in its tools: a new version, the same surface.
      expect(changed.changes.changedSurfaces.map((change) => change.name)).not.toContain('io.github.fixture/pkg-001');
    } finally {
      await next.close();
    }
  });

  it('killed halfway (SIGKILL) and resumed: none audited twice, none lost', { timeout: 240_000 }, async () => {
    const runFile = join(tempDir(), 'run.ndjson');
    const child = spawn(process.execPath, [CLI, ...args(fixture.url, runFile, '--concurrency', '2')], {
      cwd: ROOT,
      env: { ...process.env, NO_COLOR: '1' },
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
    const before = keysOf(runFile);
    expect(before.length).toBeGreaterThanOrEqual(120);
    expect(before.length).toBeLessThan(fixture.entries.length - 1);
    const resumed = await runCli(args(fixture.url, runFile));
    const planned = resumed.stdout.split('\n').find((line) => line.includes('"type":"planned"')) ?? '';
    expect(JSON.parse(planned)).toMatchObject({ skipped: before.length, total: fixture.entries.length - 1 });
    const after = keysOf(runFile);
    expect(new Set(after).size).toBe(after.length);
    expect(after.length).toBe(fixture.entries.length - 1);
  });
});
