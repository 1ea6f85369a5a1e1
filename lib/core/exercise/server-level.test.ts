import { describe, expect, it } from 'vitest';
import type { CallRecord, Effect } from './schema';
import { serverLevel } from './server-level';

const effect = (kind: Effect['kind'], target: string, extra: Partial<Effect> = {}): Effect => ({
  kind,
  area: 'home',
  target,
  to: null,
  ok: true,
  error: null,
  phase: 'during',
  atMs: 1,
  evidence: `${kind} ${target}`,
  ...extra,
});
const call = (tool: string, effects: Effect[]): CallRecord => ({
  tool,
  round: 1,
  argumentsJson: '{}',
  argumentsFrom: 'generated',
  outcome: 'ok',
  message: null,
  durationMs: 1,
  resultBytes: 1,
  effects,
  filteredAsNoise: 0,
  changed: [],
});
const exec = (words: string[]) =>
  effect('exec', '/usr/bin/kubectl', {
    area: 'system',
    evidence: `9 1.5 execve("/usr/bin/kubectl", [${['kubectl', ...words].map((w) => JSON.stringify(w)).join(', ')}], 0x1 /* 3 vars */) = 0`,
  });
const withArgs = (record: CallRecord, args: object): CallRecord => ({ ...record, argumentsJson: JSON.stringify(args) });
const log = (n: number) => effect('append', `~/.desktop-commander/tool-history-${n}.jsonl`);

describe('serverLevel', () => {
  it.each<[string, Map<string, CallRecord[]>, Effect[], boolean, string[], number]>([
    [
      "desktop-commander's call log on every call, whatever the tool: one server-level finding",
      new Map([
        ['read_file', [call('read_file', [log(1)])]],
        ['list_directory', [call('list_directory', [log(2)])]],
        ['get_config', [call('get_config', [log(3), effect('create', '~/other')])]],
      ]),
      [],
      false,
      ['every-call'],
      3,
    ],
    [
      'a failed removal of a missing file on every call changed nothing: no finding (a leftover temporary config)',
      new Map([
        ['a', [call('a', [effect('delete', '~/.x/config.json.1.tmp', { ok: false, error: 'ENOENT' })])]],
        ['b', [call('b', [effect('delete', '~/.x/config.json.2.tmp', { ok: false, error: 'ENOENT' })])]],
        ['c', [call('c', [effect('delete', '~/.x/config.json.3.tmp', { ok: false, error: 'ENOENT' })])]],
      ]),
      [],
      false,
      [],
      0,
    ],
    [
      "a network contact on every call stays each tool's (telemetry is the tool reaching out)",
      new Map([
        ['a', [call('a', [effect('dns', '10.0.0.1:53', { area: 'network' })])]],
        ['b', [call('b', [effect('dns', '10.0.0.1:53', { area: 'network' })])]],
        ['c', [call('c', [effect('dns', '10.0.0.1:53', { area: 'network' })])]],
      ]),
      [],
      false,
      [],
      0,
    ],
    [
      'one call in four without it is still every call (a write that landed just outside a window)',
      new Map([
        ['a', [call('a', [log(1)])]],
        ['b', [call('b', [log(2)])]],
        ['c', [call('c', [log(3)])]],
        ['d', [call('d', [])]],
      ]),
      [],
      false,
      ['every-call'],
      3,
    ],
    [
      'half the calls is not every call',
      new Map([
        ['a', [call('a', [log(1)])]],
        ['b', [call('b', [log(2)])]],
        ['c', [call('c', [])]],
        ['d', [call('d', [])]],
      ]),
      [],
      false,
      [],
      0,
    ],
    [
      'two calls are too few to say "every call"',
      new Map([
        ['a', [call('a', [log(1)])]],
        ['b', [call('b', [log(2)])]],
      ]),
      [],
      false,
      [],
      0,
    ],
    [
      // Issue 47: mcp-server-kubernetes runs kubectl with each tool's own command; that is each tool's spawned-process.
      'a program run with a command of its own in each tool is no bookkeeping',
      new Map([
        ['kubectl_get', [call('kubectl_get', [exec(['get', 'pods', '-o', 'json'])])]],
        ['kubectl_context', [call('kubectl_context', [exec(['config', 'current-context'])])]],
        ['kubectl_logs', [call('kubectl_logs', [exec(['logs', 'web-1'])])]],
      ]),
      [],
      false,
      [],
      0,
    ],
    [
      "the same command on every call is the server's (temporary parts made one)",
      new Map([
        ['a', [call('a', [exec(['version', '--client', '--request-timeout=1'])])]],
        ['b', [call('b', [exec(['version', '--client', '--request-timeout=2'])])]],
        ['c', [call('c', [exec(['version', '--client', '--request-timeout=3'])])]],
      ]),
      [],
      false,
      ['every-call'],
      3,
    ],
    [
      "the same command holding the call's own argument value is the tool's, whatever the others do",
      new Map([
        ['a', [withArgs(call('a', [exec(['get', 'web-1'])]), { name: 'web-1' })]],
        ['b', [withArgs(call('b', [exec(['get', 'web-1'])]), { name: 'web-1' })]],
        ['c', [withArgs(call('c', [exec(['get', 'web-1'])]), { name: 'web-1' })]],
      ]),
      [],
      false,
      [],
      0,
    ],
    [
      'a start-up write of a server whose every tool claims read-only',
      new Map([['a', [call('a', [])]]]),
      [effect('create', '~/.cache/app/state.json', { phase: 'start' })],
      true,
      ['start-write'],
      0,
    ],
    [
      'start-up writes of a server with a write tool are no finding; the read-only system neither',
      new Map([['a', [call('a', [])]]]),
      [effect('create', '~/.cache/app/state.json', { phase: 'start' })],
      false,
      [],
      0,
    ],
  ])('%s', (_name, tools, start, readOnly, kinds, setAside) => {
    const level = serverLevel(tools, start, readOnly);
    expect(level.findings.map((finding) => finding.kind)).toEqual(kinds);
    const aside = [...level.calls.values()].flat().flatMap((c) => c.effects.filter((e) => e.aside === 'every-call'));
    expect(aside).toHaveLength(setAside);
  });

  it('names the effect and says why it is the server', () => {
    const tools = new Map([
      ['a', [call('a', [log(1)])]],
      ['b', [call('b', [log(2)])]],
      ['c', [call('c', [log(3)])]],
    ]);
    expect(serverLevel(tools, [], false).findings[0]?.summary).toBe(
      "appended to ~/.desktop-commander/tool-history-1.jsonl on (nearly) every call, whatever the tool (3 of 3 calls, 3 tools): the server's own bookkeeping, not one tool's act",
    );
  });
});
