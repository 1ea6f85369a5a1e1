// The CLI prints its report while the server ends, not after: with a server that ignores SIGTERM
// (and the end of its input), the CLI writes the report before it sends the SIGKILL that ends the
// server 200 ms later, and the server is gone once the CLI exits. The order is read from the CLI's
// own system calls (strace -f): one thread makes both, so it does not depend on the machine's load.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { findExecutable } from '../lib/server/exercise/sandbox';
import { CLI, RAW_FIXTURE, ROOT, waitGone } from './helpers';
import { scratchFolders } from './scratch-folders';

const STRACE = findExecutable('strace', process.env.PATH);
const scratch = scratchFolders('print-early');

describe.skipIf(STRACE === null)('the report is printed while the server ends (strace installed)', () => {
  it('is written before a server that ignores SIGTERM is killed, and the server is gone at the exit', async () => {
    const log = join(scratch(), 'calls.log');
    const stdout = execFileSync(
      STRACE ?? 'strace',
      [
        '-f',
        '-qq',
        '-e',
        'trace=write,writev,kill',
        '-o',
        log,
        process.execPath,
        CLI,
        'audit',
        '--json',
        '--no-history',
        '--fail-on',
        'none',
        '--',
        process.execPath,
        RAW_FIXTURE,
        'slow-exit',
      ],
      { cwd: ROOT, env: { ...process.env, NO_COLOR: '1' }, encoding: 'utf8', timeout: 60_000 },
    );
    const report = JSON.parse(stdout) as { process?: { pid?: number }; tools: unknown[] };
    expect(report.tools.length).toBeGreaterThan(0);
    const server = report.process?.pid ?? -1;
    expect(server).toBeGreaterThan(0);
    // The CLI's calls: the process that sent the server its SIGTERM.
    const lines = readFileSync(log, 'utf8').split('\n');
    // (A call another thread interrupts is logged as `kill(PID, SIGTERM <unfinished ...>`.)
    const signalled = (signal: string) => new RegExp(`kill\\(-?${server}, ${signal}\\b`);
    const cli = /^(\d+)\s/.exec(lines.find((line) => signalled('SIGTERM').test(line)) ?? '')?.[1];
    expect(cli, 'the CLI sent SIGTERM').toBeDefined();
    const own = lines.filter((line) => line.startsWith(`${cli ?? ''} `));
    const printed = own.findIndex((line) => /\bwritev?\(1,/.test(line));
    const killed = own.findIndex((line) => signalled('SIGKILL').test(line));
    expect(printed, 'the report was written to stdout').toBeGreaterThan(-1);
    expect(killed, 'the server, which ignores SIGTERM, got SIGKILL').toBeGreaterThan(-1);
    expect(printed).toBeLessThan(killed);
    expect(await waitGone([server], 500)).toEqual([]);
  });
});
