import { describe, expect, it } from 'vitest';
import { behaviourFindings, describeEffect, judgeTool } from './judge';
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
    // Issue 34: the rules read from the spec's meaning, each case from a published server's trace.
    [
      "server-memory's saveGraph: a failed removal of the temporary file it failed to make is no deletion",
      [
        call([
          effect('create', '/srv/memory.jsonl.1a2b3c4d5e6f.tmp', { ok: false, error: 'EROFS' }),
          effect('delete', '/srv/memory.jsonl.1a2b3c4d5e6f.tmp', { ok: false, error: 'EROFS', own: true }),
        ]),
      ],
      ['non-destructive'],
      [],
    ],
    [
      'an atomic rewrite that left the file byte-identical (not in the snapshot) is additive',
      [call([effect('create', './m.json.tmp'), effect('overwrite', './m.json')], { changed: [] })],
      ['non-destructive'],
      [],
    ],
    [
      'an atomic rewrite that changed a file that was there before the server is an overwrite',
      [call([effect('create', './m.json.tmp'), effect('overwrite', './m.json')], { changed: ['./m.json'] })],
      ['non-destructive'],
      ['nondestructive-deleted'],
    ],
    [
      'a file opened for writing that the snapshot saw change without growing was rewritten in place',
      [
        call([effect('write', './hintcheck-sample.txt')], {
          changed: ['./hintcheck-sample.txt'],
          rewritten: ['./hintcheck-sample.txt'],
        }),
      ],
      ['non-destructive'],
      ['nondestructive-deleted'],
    ],
    [
      'one that grew (an append through a descriptor opened for writing) is additive',
      [call([effect('write', './hintcheck-sample.txt')], { changed: ['./hintcheck-sample.txt'], rewritten: [] })],
      ['non-destructive'],
      [],
    ],
    [
      'a file of its own rewritten in place destroys nothing',
      [call([effect('write', './own.log', { own: true })], { changed: ['./own.log'], rewritten: ['./own.log'] })],
      ['non-destructive'],
      [],
    ],
    [
      'a lock folder the run made and removed is its own',
      [call([effect('mkdir', './x.lock'), effect('delete', './x.lock', { own: true })])],
      ['non-destructive'],
      [],
    ],
    [
      'a read-only tool whose failed removal found nothing (ENOENT) changed nothing',
      [call([effect('delete', './gone', { ok: false, error: 'ENOENT' })])],
      ['read-only'],
      [],
    ],
    [
      'background effects are not the tool',
      [call([effect('append', '~/.app/log', { aside: 'background' })])],
      ['read-only'],
      [],
    ],
    [
      "the server's every-call bookkeeping is not the tool",
      [call([effect('append', '~/.app/calls.log', { aside: 'every-call' })])],
      ['read-only'],
      [],
    ],
    [
      'an idempotent repeat whose only change is the every-call log',
      [
        call([]),
        call([effect('append', '~/.app/calls.log', { aside: 'every-call' })], {
          round: 2,
          changed: ['~/.app/calls.log'],
        }),
      ],
      ['idempotent'],
      [],
    ],
  ])('%s', (_name, calls, claims, expected) => {
    expect(ids(calls, claims)).toEqual(expected);
  });

  it('puts the effect and the evidence line in the message; a failed call and the addresses contacted say so', () => {
    const [finding] = behaviourFindings([call([effect('create', './x.txt')])], ['read-only']);
    expect(finding?.message).toContain('created ./x.txt');
    expect(finding?.message).toContain('Evidence: 1 create("./x.txt") = 0');
    const [failed] = behaviourFindings(
      [
        call([effect('connect', '192.0.2.1:443', { area: 'network', ok: false, error: 'ENETUNREACH' })], {
          outcome: 'tool-error',
          message: 'fetch failed',
        }),
      ],
      ['closed-world'],
    );
    expect(failed?.message).toContain(
      '(the call failed (tool-error: fetch failed)) it tried: connected to 192.0.2.1:443',
    );
    expect(failed?.message).toContain('Contacted: 192.0.2.1:443.');
    expect(describeEffect(effect('connect', '192.0.2.1:443', { ok: false, error: 'ENETUNREACH' }))).toBe(
      'tried: connected to 192.0.2.1:443 (ENETUNREACH)',
    );
  });
});

describe('judgeTool: confirm before accusing', () => {
  const wrote = [call([effect('create', './x')])];
  const wroteElsewhere = [call([effect('create', './y')])];
  it.each<[string, CallRecord[], Claim[], CallRecord[] | undefined, string, string[]]>([
    ['clean', [call([])], ['read-only'], undefined, 'clean', []],
    ['no claim', [call([effect('create', './x')])], [], undefined, 'observed', []],
    [
      'rejected',
      [call([], { outcome: 'rejected', message: 'Invalid params' })],
      ['read-only'],
      undefined,
      'not-exercised',
      [],
    ],
    [
      'a failed call with no effect is never clean',
      [call([], { outcome: 'tool-error' })],
      ['read-only'],
      undefined,
      'not-exercised',
      [],
    ],
    [
      'looked contradicted, not re-run: the gate fails closed',
      wrote,
      ['read-only'],
      undefined,
      'inconclusive',
      ['exercise-inconclusive'],
    ],
    [
      'looked contradicted, its re-run never answered',
      wrote,
      ['read-only'],
      [call([], { outcome: 'timeout', message: 'no answer in 10000 ms' })],
      'inconclusive',
      ['exercise-inconclusive'],
    ],
    ['seen twice', wrote, ['read-only'], wrote, 'contradicted', ['readonly-wrote']],
    ['not seen again', wrote, ['read-only'], [call([])], 'inconclusive', []],
    [
      'the same finding on another path is not the same thing again',
      wrote,
      ['read-only'],
      wroteElsewhere,
      'inconclusive',
      [],
    ],
    [
      'seen twice even when the call failed (its summary says so)',
      [call([effect('create', './x')], { outcome: 'tool-error', message: 'boom' })],
      ['read-only'],
      [call([effect('create', './x')], { outcome: 'tool-error', message: 'boom' })],
      'contradicted',
      ['readonly-wrote'],
    ],
  ])('%s', (_name, calls, claims, again, status, flags) => {
    const verdict = judgeTool(calls, claims, again);
    expect(verdict.behaviour.status).toBe(status);
    expect(verdict.findings.map((finding) => finding.id)).toEqual(flags);
  });

  it('says the outcome beside the verdict and why a finding is not an accusation', () => {
    expect(judgeTool([call([])], ['read-only']).behaviour.summary).toBe(
      'called once (ok); nothing contradicted the hints (read-only); observed: no file changes, no processes, no network attempts, no canary reads',
    );
    expect(judgeTool(wrote, ['read-only'], [call([])]).behaviour.summary).toBe(
      'called once (ok); looked like readonly-wrote, not seen again when re-run alone in a fresh sandbox (ok)',
    );
    expect(
      judgeTool([call([effect('create', './x')], { outcome: 'tool-error', message: 'boom' })], ['read-only'], wrote)
        .behaviour.summary,
    ).toContain('called once (tool-error: boom), then again alone in a fresh sandbox: seen twice: readonly-wrote');
  });

  // Issue 48: honest slow tools spent the budget, so no suspect was re-run and --fail-on high passed.
  it('a suspect that could not be re-run raises exercise-inconclusive at high, saying what it looked like and why', () => {
    const why = 'the time budget of 120000 ms was spent before it could be re-run alone to confirm it';
    const verdict = judgeTool(wrote, ['read-only'], undefined, null, why);
    expect(verdict.findings).toEqual([
      {
        id: 'exercise-inconclusive',
        severity: 'high',
        message: `Called in the sandbox, the evidence is incomplete: it looked like readonly-wrote (Claims read-only; called in the sandbox it created ./x. Evidence: 1 create("./x") = 0), and ${why}, so it is neither contradicted nor clean.`,
      },
    ]);
    expect(verdict.behaviour.summary).toBe(
      `called once (ok); looked like readonly-wrote, ${why}: raised as exercise-inconclusive`,
    );
    // The playground never re-runs and says so itself: no finding from the judge.
    expect(judgeTool(wrote, ['read-only'], undefined, null, null).findings).toEqual([]);
  });
});
