// The stdio transport's start and spawn: one start however often it is called (the CLI starts the
// server early), messages kept until the Client listens, and each platform's spawn options and
// teardown through an injected platform and spawner (the spawner still starts a real fixture).
import { spawn, type SpawnOptions } from 'node:child_process';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import { RAW_FIXTURE, waitGone } from '../../../test/helpers';
import { systemHost, type TreeHost } from '../process/process-tree';
import type { Spawner } from '../process/default-spawner';
import { ProcessGroupStdioTransport, spawnOptions } from './stdio-transport';

const INITIALIZE: JSONRPCMessage = {
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'test', version: '0' } },
};

function transport(extra: { spawner?: Spawner; host?: TreeHost } = {}): ProcessGroupStdioTransport {
  return new ProcessGroupStdioTransport({
    command: process.execPath,
    args: [RAW_FIXTURE, 'basic'],
    env: { PATH: process.env.PATH ?? '' },
    maxMessageBytes: 1024 * 1024,
    ...extra,
  });
}

describe('spawnOptions', () => {
  it.each([
    ['linux', true],
    ['darwin', true],
    ['freebsd', true],
    ['win32', false],
  ] as const)('on %s: own process group %s, never a shell, no console window', (platform, detached) => {
    expect(spawnOptions({ env: {}, cwd: '/tmp' }, platform)).toMatchObject({
      detached,
      shell: false,
      windowsHide: true,
      cwd: '/tmp',
      stdio: ['pipe', 'pipe', 'pipe'],
    });
  });
});

describe('ProcessGroupStdioTransport start', () => {
  it('starts once when called early and again by the Client, and keeps messages until onmessage is set', async () => {
    let spawned = 0;
    const counting: Spawner = (command, args, options) => {
      spawned += 1;
      return spawn(command, args, options);
    };
    const stdio = transport({ spawner: counting });
    await stdio.start();
    await stdio.send(INITIALIZE);
    // Nobody listens yet: the answer waits in the transport.
    await new Promise((resolve) => setTimeout(resolve, 500));
    const received: JSONRPCMessage[] = [];
    stdio.onmessage = (message) => received.push(message);
    await stdio.start();
    expect(spawned).toBe(1);
    expect(received).toHaveLength(1);
    expect(received[0]).toMatchObject({ id: 1, result: { serverInfo: { name: 'raw-fixture' } } });
    const pid = stdio.pid ?? 0;
    await Promise.all([stdio.close(), stdio.close()]);
    expect(await waitGone([pid])).toEqual([]);
  });

  it('reports a command that does not exist from every start call', async () => {
    const stdio = new ProcessGroupStdioTransport({
      command: 'hintcheck-no-such-command',
      args: [],
      env: { PATH: process.env.PATH ?? '' },
      maxMessageBytes: 1024,
    });
    const early = stdio.start().catch((error: unknown) => error);
    await expect(stdio.start()).rejects.toMatchObject({ code: 'command-not-found' });
    expect(await early).toMatchObject({ code: 'command-not-found' });
  });
});

describe('ProcessGroupStdioTransport on Windows (injected platform and spawner)', () => {
  it('hands the command unresolved to the spawner without a shell or a process group, and ends it with taskkill /T /F', async () => {
    const calls: { command: string; args: readonly string[]; options: SpawnOptions }[] = [];
    const recording: Spawner = (command, args, options) => {
      calls.push({ command, args, options });
      // A real child, so the transport runs for real; Windows' own spawn options cannot apply here.
      return spawn(command, args, { ...options, detached: true });
    };
    const taskkills: string[][] = [];
    const windows: TreeHost = {
      ...systemHost,
      platform: 'win32',
      run(command, args) {
        taskkills.push([command, ...args]);
        // What taskkill /T /F would do to this tree.
        try {
          if (command === 'taskkill') systemHost.kill(-Number(args[3]), 'SIGKILL');
        } catch {
          // Already ended by the first taskkill.
        }
        return { status: 0, stdout: '' };
      },
    };
    const stdio = transport({ spawner: recording, host: windows });
    await stdio.start();
    const pid = stdio.pid ?? 0;
    await stdio.close();
    expect(calls).toHaveLength(1);
    expect(calls[0]?.command).toBe(process.execPath);
    expect(calls[0]?.args).toEqual([RAW_FIXTURE, 'basic']);
    expect(calls[0]?.options).toMatchObject({ detached: false, shell: false, windowsHide: true });
    expect(taskkills[0]).toEqual(['taskkill', '/T', '/F', '/PID', String(pid)]);
    expect(await waitGone([pid])).toEqual([]);
  });
});
