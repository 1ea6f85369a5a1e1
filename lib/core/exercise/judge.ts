/**
 * The verdict on one exercised tool: its calls' effects against its effective hints (issue 23), with
 * the rules read from the spec's meaning (issue 34). Each rule is one function returning the effects
 * that contradict a claim; only the tool's own effects count (not those set aside as background or as
 * the server's every-call bookkeeping, attribute.ts and server-level.ts).
 * - read-only (readOnlyHint "does not modify its environment"): any file change, tried or done; a
 *   failed removal of a path that was not there (ENOENT) changed nothing and showed no such intent.
 * - closed world (openWorldHint false, "the domain of interaction is closed"): any connect or name
 *   lookup; the message names every address contacted (definitions.ts says the rule for a fixed host).
 * - additive (destructiveHint false, "only additive updates"): deleting or overwriting a path that
 *   existed before the server started, not one this run made (`own`); an atomic rewrite that left the
 *   file byte-identical (an overwrite of a writable-folder path the snapshot did not see change) is
 *   additive; a failed call on a missing file (ENOENT) is nothing.
 * - idempotent: the repeat changed the writable folders again (snapshots), bookkeeping aside.
 * A failed system call is intent, shown as "tried: ..."; a finding on a call that failed says so.
 * A tool that looks contradicted is re-run alone in a fresh sandbox (confirm.ts): contradicted only
 * for a finding seen twice, else inconclusive with why; clean only when a call succeeded.
 * The sandbox's own doubt (issue 33): a tool that tried a system call the sandbox refuses, or any tool
 * of a run whose trace is incomplete, is never clean: nothing contradicted, it is inconclusive and
 * raises exercise-inconclusive (high, so it gates like a contradiction). A contradiction that was not
 * seen again is inconclusive too, without that finding: it was looked at twice and not reproduced.
 */
import type { Finding } from '../finding';
import { BEHAVIOUR_FINDING_DEFINITIONS, OBSERVED_CONTRADICTIONS, type BehaviourFindingId } from './definitions';
import { describeEffect } from './effect-text';
import {
  FILE_CHANGE_KINDS,
  type CallRecord,
  type Claim,
  type Effect,
  type EffectKind,
  type ToolBehaviour,
} from './schema';
import { effectShape } from './shape';

export { describeEffect } from './effect-text';

const FILE_CHANGES: ReadonlySet<EffectKind> = new Set(FILE_CHANGE_KINDS);
const DESTRUCTIVE: ReadonlySet<EffectKind> = new Set(['delete', 'overwrite']);
const EVIDENCE_IN_MESSAGE = 160;
const NAMED = 3;

type Rule = (calls: readonly CallRecord[], claims: readonly Claim[]) => Effect[];

/** The tool's own effects that `keep` selects: background and every-call effects are not the tool's. */
function own(calls: readonly CallRecord[], keep: (effect: Effect, call: CallRecord) => boolean): Effect[] {
  return calls.flatMap((call) => call.effects.filter((effect) => effect.aside === undefined && keep(effect, call)));
}

/** An overwrite the snapshot shows left the file as it was (an atomic rewrite of the same bytes). */
function leftIdentical(effect: Effect, call: CallRecord): boolean {
  return effect.kind === 'overwrite' && effect.ok && effect.area !== 'system' && !call.changed.includes(effect.target);
}

/** A failed removal of a path that was not there (ENOENT): it changed nothing and showed no intent to change what exists. */
export const changedNothing = (effect: Pick<Effect, 'kind' | 'error'>): boolean =>
  effect.kind === 'delete' && effect.error === 'ENOENT';

const RULES: Record<BehaviourFindingId, Rule> = {
  'readonly-wrote': (calls, claims) =>
    claims.includes('read-only')
      ? own(calls, (effect) => FILE_CHANGES.has(effect.kind) && !changedNothing(effect))
      : [],
  'closed-world-connected': (calls, claims) =>
    claims.includes('closed-world') ? own(calls, (effect) => effect.kind === 'connect' || effect.kind === 'dns') : [],
  'nondestructive-deleted': (calls, claims) =>
    claims.includes('non-destructive')
      ? own(
          calls,
          (effect, call) =>
            DESTRUCTIVE.has(effect.kind) &&
            effect.own !== true &&
            effect.error !== 'ENOENT' &&
            !leftIdentical(effect, call),
        )
      : [],
  'idempotent-differed': (calls, claims) => {
    if (!claims.includes('idempotent')) return [];
    // State, not system calls: an atomic write makes a fresh temporary name each time, yet leaves
    // the same file behind. The repeat differs when it changed the writable folders again.
    const second = calls.filter((call) => call.round === 2);
    return second.flatMap((call) =>
      call.changed.flatMap((path): Effect[] => {
        const traced = call.effects.filter((effect) => effect.target === path && FILE_CHANGES.has(effect.kind));
        // The server's bookkeeping (a log on every call) changes again on any repeat: not this tool's.
        if (traced.length > 0 && traced.every((effect) => effect.aside !== undefined)) return [];
        const first = traced[0];
        return [
          {
            kind: 'overwrite',
            area: path.startsWith('~') ? 'home' : path.startsWith('.') ? 'work' : 'tmp',
            target: `${path} again (its content differs after the second identical call)`,
            to: null,
            ok: true,
            error: null,
            phase: first?.phase ?? 'during',
            atMs: first?.atMs ?? 0,
            evidence: first?.evidence ?? `${path}: content differs after the second identical call`,
          },
        ];
      }),
    );
  },
  'read-credentials': (calls) => own(calls, (effect) => effect.kind === 'canary-read'),
  'spawned-process': (calls) => own(calls, (effect) => effect.kind === 'exec'),
  // Raised by judgeTool from the sandbox's doubt (doubts below), never from one effect.
  'exercise-inconclusive': () => [],
};

const LEADS: Record<BehaviourFindingId, string> = {
  'readonly-wrote': 'Claims read-only; called in the sandbox it',
  'closed-world-connected': 'Claims a closed world (openWorldHint false); called in the sandbox it',
  'nondestructive-deleted': 'Claims additive (destructiveHint false); called in the sandbox it',
  'idempotent-differed': 'Claims idempotent; the second identical call',
  'read-credentials': 'Called in the sandbox, it',
  'spawned-process': 'Called in the sandbox, it',
  'exercise-inconclusive': 'Called in the sandbox, the evidence is incomplete:',
};

function listed(effects: readonly Effect[]): string {
  const unique = [...new Set(effects.map(describeEffect))];
  const shown = unique.slice(0, NAMED).join('; ');
  return unique.length > NAMED ? `${shown}; and ${unique.length - NAMED} more` : shown;
}

/** "the call failed (tool-error: ...)" when no call of the tool succeeded, else null. */
function failedNote(calls: readonly CallRecord[]): string | null {
  if (calls.some((call) => call.outcome === 'ok')) return null;
  const first = calls[0];
  return first === undefined ? null : `the call failed (${outcomeText(first)})`;
}

function contacted(effects: readonly Effect[]): string {
  const addresses = [...new Set(effects.map((effect) => effect.target))];
  return ` Contacted: ${addresses.join(', ')}.`;
}

function message(id: BehaviourFindingId, effects: readonly Effect[], calls: readonly CallRecord[]): string {
  const evidence = effects[0]?.evidence ?? '';
  const short = evidence.length > EVIDENCE_IN_MESSAGE ? `${evidence.slice(0, EVIDENCE_IN_MESSAGE)}…` : evidence;
  const failed = failedNote(calls);
  const lead = failed === null ? LEADS[id] : `${LEADS[id].replace(/ it$/, '')} (${failed}) it`;
  const where = id === 'closed-world-connected' ? contacted(effects) : '';
  return `${lead} ${listed(effects)}.${where} Evidence: ${short}`;
}

/** A finding with the shapes (kind and path, temporary parts made one) of the effects behind it. */
type Shaped = Finding<BehaviourFindingId> & { shapes: Set<string>; effects: Effect[] };

function shapedFindings(calls: readonly CallRecord[], claims: readonly Claim[]): Shaped[] {
  const findings: Shaped[] = [];
  for (const id of Object.keys(RULES) as BehaviourFindingId[]) {
    const effects = RULES[id](calls, claims);
    if (effects.length > 0)
      findings.push({
        id,
        severity: BEHAVIOUR_FINDING_DEFINITIONS[id].severity,
        message: message(id, effects, calls),
        shapes: new Set(effects.map((effect) => effectShape(effect))),
        effects,
      });
  }
  return findings;
}

/** The behaviour findings of one tool's calls, in catalogue order. */
export function behaviourFindings(
  calls: readonly CallRecord[],
  claims: readonly Claim[],
): Finding<BehaviourFindingId>[] {
  return shapedFindings(calls, claims).map(({ id, severity, message: text }) => ({ id, severity, message: text }));
}

/** Whether the calls look contradicted (a finding the re-run must confirm). */
export function looksContradicted(calls: readonly CallRecord[], claims: readonly Claim[]): boolean {
  return behaviourFindings(calls, claims).some(isContradiction);
}

/** "ok" or "tool-error: the message". */
export function outcomeText(call: Pick<CallRecord, 'outcome' | 'message'>): string {
  return call.outcome === 'ok' ? 'ok' : `${call.outcome}: ${call.message ?? 'no message'}`;
}

/** "arguments" and, for ids filled from a listing call's result (reuse.ts), where they came from. */
export function argumentsLabel(call: Pick<CallRecord, 'argumentsFrom'>): string {
  return call.argumentsFrom === 'reused' ? 'arguments (an id reused from a listing call)' : 'arguments';
}

function observedSummary(calls: readonly CallRecord[]): string {
  const effects = calls.flatMap((call) => call.effects);
  const changed = [...new Set(calls.flatMap((call) => call.changed))];
  if (effects.length === 0 && changed.length === 0)
    return 'no file changes, no processes, no network attempts, no canary reads';
  if (effects.length === 0) return `no traced effect; the snapshot saw ${changed.join(', ')} change`;
  return listed(effects);
}

/** Why a tool's calls cannot be called clean: a refused system call, or a run whose evidence is incomplete. */
function doubts(calls: readonly CallRecord[], runDoubt: string | null): string[] {
  const refused = [...new Set(own(calls, (effect) => effect.kind === 'refused').map((effect) => effect.target))];
  const reasons =
    refused.length === 0
      ? []
      : [`it tried ${refused.join(', ')}, which the sandbox refuses (what it would have done is not known)`];
  if (runDoubt !== null) reasons.push(runDoubt);
  return reasons;
}

export interface ToolVerdict {
  /** The findings that stand: contradictions only when seen twice, the rest as observed. */
  findings: Finding<BehaviourFindingId>[];
  behaviour: ToolBehaviour;
}

const isContradiction = (finding: Finding<BehaviourFindingId>): boolean => OBSERVED_CONTRADICTIONS.includes(finding.id);

/**
 * The tool's verdict from its calls and, when it looked contradicted, its re-run alone
 * (`confirmCalls`; undefined when none was made). A contradiction stands only when the re-run shows
 * the same finding again; otherwise the tool is inconclusive and the finding is not raised.
 */
export function judgeTool(
  calls: readonly CallRecord[],
  claims: readonly Claim[],
  confirmCalls?: readonly CallRecord[],
  runDoubt: string | null = null,
): ToolVerdict {
  const times = calls.length === 1 ? 'once' : `${calls.length}×`;
  const first = shapedFindings(calls, claims);
  const looked = first.filter(isContradiction);
  const again = confirmCalls === undefined ? [] : shapedFindings(confirmCalls, claims);
  // Seen twice: the same finding on the same kind of effect on the same path (or address) again.
  const twice = (finding: Shaped): Effect[] => {
    const other = again.find((candidate) => candidate.id === finding.id);
    return other === undefined ? [] : finding.effects.filter((effect) => other.shapes.has(effectShape(effect)));
  };
  const reproduced = looked.filter((finding) => twice(finding).length > 0);
  const findings = first
    .filter((finding) => !isContradiction(finding) || reproduced.includes(finding))
    .map(({ id, severity, message: text }) => ({ id, severity, message: text }));
  const reasons = reproduced.length === 0 && looked.length === 0 ? doubts(calls, runDoubt) : [];
  if (reasons.length > 0)
    findings.push({
      id: 'exercise-inconclusive',
      severity: BEHAVIOUR_FINDING_DEFINITIONS['exercise-inconclusive'].severity,
      message: `${LEADS['exercise-inconclusive']} ${reasons.join('; ')}.`,
    });
  const confirmation =
    confirmCalls === undefined
      ? {}
      : { confirmation: { reproduced: reproduced.map((f) => f.id), calls: [...confirmCalls] } };
  const outcomes = [...new Set(calls.map(outcomeText))].join('; ');
  const completed = calls.some((call) => call.outcome === 'ok');
  const base = { claims: [...claims], calls: [...calls], ...confirmation };
  let status: ToolBehaviour['status'];
  let summary: string;
  if (reproduced.length > 0) {
    status = 'contradicted';
    summary = `called ${times} (${outcomes}), then again alone in a fresh sandbox: seen twice: ${reproduced.map((f) => `${f.id} (${listed(twice(f))})`).join('; ')}`;
  } else if (reasons.length > 0) {
    status = 'inconclusive';
    summary = `called ${times} (${outcomes}); inconclusive: ${reasons.join('; ')}; observed: ${observedSummary(calls)}`;
  } else if (looked.length > 0) {
    status = 'inconclusive';
    const why =
      confirmCalls === undefined
        ? 'not re-run alone to confirm'
        : `not seen again when re-run alone in a fresh sandbox (${[...new Set(confirmCalls.map(outcomeText))].join('; ') || 'no call made'})`;
    summary = `called ${times} (${outcomes}); looked like ${looked.map((f) => f.id).join(', ')}, ${why}`;
  } else if (!completed) {
    status = 'not-exercised';
    summary = `not exercised (${calls[0] === undefined ? 'not called' : outcomes}); observed: ${observedSummary(calls)}`;
  } else if (claims.length === 0) {
    status = 'observed';
    summary = `called ${times} (${outcomes}); no claim to check; observed: ${observedSummary(calls)}`;
  } else {
    status = 'clean';
    summary = `called ${times} (${outcomes}); nothing contradicted the hints (${claims.join(', ')}); observed: ${observedSummary(calls)}`;
  }
  return { findings, behaviour: { status, summary, ...base } };
}
