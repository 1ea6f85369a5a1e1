import { describe, expect, it } from 'vitest';
import { behaviourFindings, describeEffect, toolBehaviour } from './judge';
import type { CallRecord, Claim, Effect } from './schema';

const effect = (kind: Effect['kind'], target: string, extra: Partial<Effect> = {}): Effect => ({
  kind,
  area: target.startsWith('./') ? 'work' : target.startsWith('~') ? 'home' : 'system',
  target,
  to: null,
  ok: true,
  error: null,
  phase: 'during',
  atMs: 5,
  evidence: `1 ${kind}("${target}") = 0`,
  ...extra,
});
const call = (effects: Effect[], extra: Partial<CallRecord> = {}): CallRecord => ({
  tool: 't',
  round: 1,
  argumentsJson: '{}',
  argumentsFrom: 'generated',
  outcome: 'ok',
  message: null,
  durationMs: 3,
  resultBytes: 10,
  effects,
  filteredAsNoise: 0,
  changed: [],
  ...extra,
});
const ids = (calls: CallRecord[], claims: Claim[]) => behaviourFindings(calls, claims).map((finding) => finding.id);

describe('behaviourFindings', () => {
  it.each<[string, CallRecord[], Claim[], string[]]>([
    ['a read-only tool that writes', [call([effect('create', './x')])], ['read-only'], ['readonly-wrote']],
    [
      'a failed write to the system still counts',
      [call([effect('create', '/etc/x', { ok: false, error: 'EROFS' })])],
      ['read-only'],
      ['readonly-wrote'],
    ],
    ['a write without a read-only claim', [call([effect('create', './x')])], ['closed-world'], []],
    [
      'a closed world that resolves a name',
      [call([effect('dns', '10.0.0.1:53', { area: 'network' })])],
      ['closed-world'],
      ['closed-world-connected'],
    ],
    ['an open world that connects', [call([effect('connect', '192.0.2.1:80', { area: 'network' })])], [], []],
    [
      'an additive tool that deletes',
      [call([effect('delete', './hintcheck-sample.txt')])],
      ['non-destructive'],
      ['nondestructive-deleted'],
    ],
    [
      'an additive tool whose delete found nothing',
      [call([effect('delete', './tmp', { ok: false, error: 'ENOENT' })])],
      ['non-destructive'],
      [],
    ],
    [
      'an additive tool rewriting its own new file',
      [call([effect('create', './n')]), call([effect('overwrite', './n')], { round: 2 })],
      ['non-destructive'],
      [],
    ],
    [
      'an idempotent repeat that changed a file again',
      [call([]), call([effect('overwrite', './c')], { round: 2, changed: ['./c'] })],
      ['idempotent'],
      ['idempotent-differed'],
    ],
    [
      'an idempotent repeat that left the same state',
      [call([effect('create', './s')]), call([effect('overwrite', './s')], { round: 2 })],
      ['idempotent'],
      [],
    ],
    [
      'a canary read, whatever the claims',
      [call([effect('canary-read', '~/.ssh/id_ed25519')])],
      [],
      ['read-credentials'],
    ],
    ['a program started', [call([effect('exec', '/bin/sh')])], [], ['spawned-process']],
  ])('%s', (_name, calls, claims, expected) => {
    expect(ids(calls, claims)).toEqual(expected);
  });

  it('puts the effect and the evidence line in the message; late effects say so', () => {
    const [finding] = behaviourFindings([call([effect('create', './late.txt', { phase: 'after' })])], ['read-only']);
    expect(finding?.message).toContain('created ./late.txt, after the call');
    expect(finding?.message).toContain('Evidence: 1 create("./late.txt") = 0');
    expect(describeEffect(effect('connect', '192.0.2.1:443', { ok: false, error: 'ENETUNREACH' }))).toBe(
      'tried: connected to 192.0.2.1:443 (ENETUNREACH)',
    );
  });
});

describe('toolBehaviour', () => {
  it.each<[string, CallRecord[], Claim[], string]>([
    ['clean', [call([])], ['read-only'], 'clean'],
    ['no claim', [call([effect('create', './x')])], [], 'observed'],
    ['rejected', [call([], { outcome: 'rejected', message: 'Invalid params' })], ['read-only'], 'not-exercised'],
    [
      'contradicted even when the call failed',
      [call([effect('create', './x')], { outcome: 'tool-error' })],
      ['read-only'],
      'contradicted',
    ],
  ])('%s', (_name, calls, claims, status) => {
    expect(toolBehaviour(calls, claims, behaviourFindings(calls, claims)).status).toBe(status);
  });

  it('says what was observed for a clean tool', () => {
    const calls = [call([])];
    expect(toolBehaviour(calls, ['read-only'], []).summary).toBe(
      'called once; nothing contradicted the hints (read-only); observed: no file changes, no processes, no network attempts, no canary reads',
    );
  });
});
