import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Effect } from '../../core/exercise/schema';
import { Redactor } from '../redact';
import { launcherWords, listenerExecArgs, readListenerLog, withSent } from './listener';

const LISTENER = { node: '/usr/bin/node', script: '/p/dist/loopback-listener.mjs', port: 47113, logPath: '/h/l' };
const connect = (target: string): Effect => ({
  kind: 'connect',
  area: 'network',
  target,
  to: null,
  ok: false,
  error: 'EINPROGRESS',
  phase: 'during',
  atMs: 3,
  evidence: 'connect(...)',
});

describe('the loopback listener', () => {
  it('starts before the server, which then replaces the launcher with the same arguments', () => {
    const words = launcherWords(LISTENER, 'npx', ['-y', 'a b']);
    expect(words.slice(0, 2)).toEqual(['/bin/sh', '-c']);
    expect(words.slice(3)).toEqual([
      'hintcheck-launcher',
      '/usr/bin/node',
      LISTENER.script,
      '47113',
      'npx',
      '-y',
      'a b',
    ]);
    expect(listenerExecArgs(LISTENER)).toBe('["/usr/bin/node", "/p/dist/loopback-listener.mjs", "47113", "fd:3"]');
  });

  it('reads its log, skipping a half-written last line', () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'hintcheck-listener-')), 'log');
    writeFileSync(file, '{"at":5,"method":"GET","url":"/a","bytes":0,"body":""}\n{"at":6,"meth');
    expect(readListenerLog(file)).toEqual([{ at: 5, method: 'GET', url: '/a', bytes: 0, body: '' }]);
    expect(readListenerLog(path.join(file, 'missing'))).toEqual([]);
  });

  it("adds what was received in a call's window to its connections to the listener only, redacted", () => {
    const calls = new Map([[1, { effects: [connect('127.0.0.1:47113'), connect('192.0.2.1:47113')] }]]);
    const records = [
      { at: 150, method: 'POST', url: '/hintcheck', bytes: 30, body: '{"key":"secret-value-123456"}' },
      { at: 900, method: 'GET', url: '/later', bytes: 0, body: '' },
    ];
    const redactor = new Redactor({ anywhere: ['secret-value-123456'], userinfo: [] });
    withSent(calls, [{ id: 1, requestedAt: 100, settledAt: 200 }], records, 47113, redactor);
    const [local, remote] = calls.get(1)?.effects ?? [];
    expect(local?.sent).toBe('POST /hintcheck, 30 bytes: "{\\"key\\":\\"«redacted»\\"}"');
    expect(remote?.sent).toBeUndefined();
  });

  // Issue 47: the listener closes each connection after one answer, so a keep-alive client connects per request.
  it('gives each request to the connection made last before it, the first one a request before any', () => {
    const at = (atMs: number): Effect => ({ ...connect('127.0.0.1:47113'), atMs });
    const calls = new Map([[1, { effects: [at(3), at(50), at(90)] }]]);
    const get = (when: number, url: string) => ({ at: when, method: 'GET', url, bytes: 0, body: '' });
    const records = [get(101, '/early'), get(105, '/one'), get(152, '/two'), get(193, '/three')];
    const redactor = new Redactor({ anywhere: [], userinfo: [] });
    withSent(calls, [{ id: 1, requestedAt: 100, settledAt: 300 }], records, 47113, redactor);
    expect(calls.get(1)?.effects.map((effect) => effect.sent)).toEqual([
      'GET /early, 0 bytes; GET /one, 0 bytes',
      'GET /two, 0 bytes',
      'GET /three, 0 bytes',
    ]);
  });
});
