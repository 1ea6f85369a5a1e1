// A server that starts slowly (issues 47 and 49: an `npx -y` still downloading): the start limit is
// the user's (--connect-timeout), in the audit on the host, in `call` and in the exercise's sandbox,
// and a start that passes it names the limit and the option that raises it (never --timeout when
// --timeout is not the one). The fixture reads nothing for 3 s; a 2 s limit fails, a 4 s one passes.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runAudit } from '../lib/server/audit/audit';
import { exerciseServer } from '../lib/server/exercise/run';
import { EXIT } from '../lib/cli/exit-codes';
import { runCli } from './cli-run';
import { SANDBOX } from './sandbox-env';
import { ROOT } from './helpers';

const FIXTURE = join(ROOT, 'test/fixtures/exercise/slow-start-server.mjs');
const slow = { transport: 'stdio' as const, command: process.execPath, args: [FIXTURE, '3000'], env: [] };

const made: string[] = [];
afterEach(() => {
  for (const folder of made.splice(0)) rmSync(folder, { recursive: true, force: true });
});

describe('a slow start on the host (audit)', () => {
  it('a start longer than --connect-timeout fails naming --connect-timeout, not --timeout', async () => {
    const report = await runAudit(slow, { connectTimeoutMs: 2000, timeoutMs: 20_000 });
    expect(report.tools).toHaveLength(0);
    const error = report.errors[0];
    expect(error?.code).toBe('timeout');
    expect(error?.message).toContain('within 2000 ms (--connect-timeout 2000)');
    expect(error?.hint).toContain('Raise --connect-timeout');
    expect(error?.hint).not.toContain('--timeout');
  }, 30_000);

  it('a longer --connect-timeout lists it (the era probe gives way to initialize on the same pipe)', async () => {
    const report = await runAudit(slow, { connectTimeoutMs: 4000, timeoutMs: 20_000 });
    expect(report.errors).toEqual([]);
    expect(report.tools.map((tool) => tool.name)).toEqual(['get_time']);
    expect(report.protocol?.chosenBy).toBe('auto-fallback');
  }, 30_000);

  it('the whole audit shorter than the start names --timeout', async () => {
    const report = await runAudit(slow, { connectTimeoutMs: 10_000, timeoutMs: 2000 });
    expect(report.errors[0]?.message).toContain('timed out after 2000 ms');
    expect(report.errors[0]?.hint).toContain('Raise --timeout');
  }, 30_000);

  it('the CLI: --connect-timeout reaches the probe and initialize', async () => {
    // The CLI may spawn the server before its own start-up is over: the failing start is longer here.
    const failed = await runCli([
      'audit',
      '--no-history',
      '--connect-timeout',
      '2000',
      '--',
      slow.command,
      FIXTURE,
      '8000',
    ]);
    // The text output wraps its lines.
    const said = failed.stdout.replace(/\s+/g, ' ');
    expect(said).toContain('(--connect-timeout 2000)');
    expect(said).not.toMatch(/Raise --timeout/);
    const passed = await runCli([
      'audit',
      '--no-history',
      '--connect-timeout',
      '4000',
      '--',
      slow.command,
      ...slow.args,
    ]);
    expect(passed.stdout).toContain('get_time');
    expect(passed.stdout).not.toContain('could not list');
  }, 60_000);
});

describe.skipIf(!SANDBOX)('a slow start in the sandbox (call, exercise)', () => {
  it('call: a 2 s --connect-timeout fails naming it (exit 3), 10 s makes the call (the sandbox and strace start first)', async () => {
    const failed = await runCli([
      'call',
      '--tool',
      'get_time',
      '--connect-timeout',
      '2000',
      '--',
      slow.command,
      FIXTURE,
      '8000',
    ]);
    expect(failed.code, failed.stderr).toBe(EXIT.unreachable);
    expect(failed.stderr).toContain('--connect-timeout 2000');
    expect(failed.stderr).not.toMatch(/Raise --timeout/);
    const passed = await runCli([
      'call',
      '--tool',
      'get_time',
      '--connect-timeout',
      '10000',
      '--',
      slow.command,
      ...slow.args,
    ]);
    expect(passed.code, passed.stderr).toBe(EXIT.ok);
    expect(passed.stdout).toContain('started');
  }, 90_000);

  it('exercise: the sandboxed initialize follows the start limit, and the stop says which limit', async () => {
    const report = await runAudit({ ...slow, args: [FIXTURE, '0'] }, {});
    expect(report.tools).toHaveLength(1);
    const home = mkdtempSync(join(tmpdir(), 'hintcheck-slow-'));
    made.push(home);
    const callerEnv = { PATH: process.env.PATH, HOME: home };
    const short = await exerciseServer(slow, report, { mode: 'all', callerEnv, limits: { startTimeoutMs: 2000 } });
    expect(short.exercise?.calls).toBe(0);
    expect(short.exercise?.stopped).toContain('--connect-timeout 2000');
    expect(short.exercise?.stopped).not.toMatch(/Raise --timeout/);
    const long = await exerciseServer(slow, report, { mode: 'all', callerEnv, limits: { startTimeoutMs: 10_000 } });
    expect(long.exercise?.stopped ?? null).toBeNull();
    expect(long.exercise?.calls).toBeGreaterThan(0);
    expect(long.tools[0]?.behaviour?.status).toBe('clean');
  }, 120_000);
});
