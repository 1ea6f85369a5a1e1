// The CLI prints its report while the server ends, not after: a server that ignores SIGTERM (and
// the end of its input) is still running when the report arrives, and is gone once the CLI exits.
import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { isAlive } from '../lib/server/process/process-tree';
import { CLI, RAW_FIXTURE, ROOT, waitGone } from './helpers';

interface Seen {
  code: number | null;
  report: { process?: { pid?: number }; tools: unknown[] } | null;
  /** Whether the server was running when the whole report had arrived. */
  serverAliveAtReport: boolean;
}

function auditSlowExit(format: string[]): Promise<Seen> {
  return new Promise((resolve) => {
    const child = spawn(
      process.execPath,
      [CLI, 'audit', ...format, '--no-history', '--', process.execPath, RAW_FIXTURE, 'slow-exit'],
      { cwd: ROOT, env: { ...process.env, NO_COLOR: '1' } },
    );
    const seen: Seen = { code: null, report: null, serverAliveAtReport: false };
    let stdout = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      if (seen.report !== null) return;
      try {
        seen.report = JSON.parse(stdout) as Seen['report'];
      } catch {
        return; // Not whole yet.
      }
      seen.serverAliveAtReport = isAlive(seen.report?.process?.pid ?? -1);
    });
    child.on('close', (code) => {
      seen.code = code;
      resolve(seen);
    });
  });
}

describe.skipIf(process.platform === 'win32')('the report is printed while the server ends', () => {
  it('arrives before a server that ignores SIGTERM is killed, and the server is gone at the exit', async () => {
    const seen = await auditSlowExit(['--json']);
    expect(seen.code).toBe(0);
    expect(seen.report?.tools.length).toBeGreaterThan(0);
    const pid = seen.report?.process?.pid ?? -1;
    expect(pid).toBeGreaterThan(0);
    // The reaper gives SIGTERM 200 ms before SIGKILL: the report came inside that grace.
    expect(seen.serverAliveAtReport).toBe(true);
    expect(await waitGone([pid], 500)).toEqual([]);
  });
});
