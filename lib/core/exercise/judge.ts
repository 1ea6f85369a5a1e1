/**
 * The verdict on one exercised tool: its calls' effects against its effective hints (issue 23), with
 * the rules read from the spec's meaning (issue 34), one per behaviour finding (findings/, registered
 * in definitions.ts); only the tool's own effects count (not those set aside as background or as the
 * server's every-call bookkeeping, attribute.ts and server-level.ts).
 * A failed system call is intent, shown as "tried: ..."; a finding on a call that failed says so.
 * A tool that looks contradicted is re-run alone in a fresh sandbox (confirm.ts): contradicted only
 * for a finding seen twice, else inconclusive with why; clean only when a call succeeded.
 * The sandbox's own doubt (issue 33): a tool that tried a system call the sandbox refuses, or any tool
 * of a run whose trace is incomplete, is never clean: nothing contradicted, it is inconclusive and
 * raises exercise-inconclusive (high, so it gates like a contradiction). A contradiction that was not
 * seen again is inconclusive too, without that finding: it was looked at twice and not reproduced.
 * One that could not be re-run (the time budget spent first, the run cancelled, the re-run's call
 * not made or not answered) raises exercise-inconclusive with what it looked like (issue 48): a
 * server cannot run out the clock to keep a lie off the gate. A late effect (late.ts: after the answer,
 * while no call was open) is weighed on the calls that answered shortly before it: seen again when the
 * call is re-run alone, the call is inconclusive with it as evidence; not seen again, it was not the
 * call's and is dropped. The playground, which never re-runs,
 * opts out (`notRerun` null) and shows its findings as seen once.
 */
import type { Finding } from '../finding';
import {
  BEHAVIOUR_FINDING_DEFINITIONS,
  BEHAVIOUR_RULES,
  OBSERVED_CONTRADICTIONS,
  type BehaviourFindingId,
} from './definitions';
import { describeEffect } from './effect-text';
import { own } from './findings/rule';
import type { CallRecord, Claim, Effect, ToolBehaviour } from './schema';
import { effectShape } from './shape';

export { describeEffect } from './effect-text';

const EVIDENCE_IN_MESSAGE = 160;
const NAMED = 3;

const LEADS = Object.fromEntries(BEHAVIOUR_RULES.map((rule) => [rule.definition.id, rule.lead])) as Record<
  BehaviourFindingId,
  string
>;
const DETAILS = new Map(
  BEHAVIOUR_RULES.flatMap((rule) => ('detail' in rule ? [[rule.definition.id, rule.detail]] : [])),
);

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
  return `${lead} ${listed(effects)}${DETAILS.get(id)?.(calls) ?? ''}.${where} Evidence: ${short}`;
}

/** A finding with the shapes (kind and path, temporary parts made one) of the effects behind it. */
type Shaped = Finding<BehaviourFindingId> & { shapes: Set<string>; effects: Effect[] };

function shapedFindings(calls: readonly CallRecord[], claims: readonly Claim[]): Shaped[] {
  const findings: Shaped[] = [];
  for (const { definition, effects: rule } of BEHAVIOUR_RULES) {
    const effects = rule(calls, claims);
    if (effects.length > 0)
      findings.push({
        id: definition.id,
        severity: definition.severity,
        message: message(definition.id, effects, calls),
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
  if (call.argumentsFrom === 'traversal') return 'arguments (a path aimed out of the working folder at a canary)';
  return call.argumentsFrom === 'reused' ? 'arguments (an id reused from a listing call)' : 'arguments';
}

function observedSummary(calls: readonly CallRecord[], withoutLate = false): string {
  const effects = calls.flatMap((call) => call.effects).filter((effect) => !withoutLate || effect.lateMs === undefined);
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

/** Why a suspect was not re-run, when the caller does not say: the gate fails closed. */
export const NOT_RERUN = 'it was not re-run alone to confirm it';

/** A re-run that ended without the suspect's answer (timed out, the server gone) confirmed nothing either way. */
const answered = (confirmCalls: readonly CallRecord[]): boolean =>
  confirmCalls.some((call) => call.outcome !== 'timeout' && call.outcome !== 'server-exited');

/** Whether every effect is a late one (late.ts): it came after the answers, while no call was open. */
const lateOnly = (effects: readonly Effect[]): boolean =>
  effects.length > 0 && effects.every((effect) => effect.lateMs !== undefined);

/** The exercise-inconclusive reason of a late effect seen again alone. */
function lateReason(finding: Shaped): string {
  return `it ${listed(finding.effects)} (${finding.id}), and again when re-run alone: the server did it after the call had answered, while no call was open, so it is neither contradicted nor clean`;
}

/** The exercise-inconclusive reason of a suspect that could not be confirmed: what it looked like, and why. */
function unconfirmedReason(looked: readonly Shaped[], why: string): string {
  const seen = looked.map((finding) => `${finding.id} (${finding.message})`).join('; ');
  return `it looked like ${seen}, and ${why}, so it is neither contradicted nor clean`;
}

/**
 * The first run's findings weighed against the re-run's: `twice` gives a finding's effects seen
 * again (the same finding on the same kind of effect on the same path or address); a late effect
 * (late.ts) not seen again when the call was re-run alone was not this call's (`cleared`, dropped);
 * one seen again only after the answers is `lateAgain` (neither contradicted nor clean).
 */
function weighed(calls: readonly CallRecord[], claims: readonly Claim[], confirmCalls?: readonly CallRecord[]) {
  const again = confirmCalls === undefined ? [] : shapedFindings(confirmCalls, claims);
  const twice = (finding: Shaped): Effect[] => {
    const other = again.find((candidate) => candidate.id === finding.id);
    return other === undefined ? [] : finding.effects.filter((effect) => other.shapes.has(effectShape(effect)));
  };
  const rerunAnswered = confirmCalls !== undefined && answered(confirmCalls);
  const all = shapedFindings(calls, claims);
  const cleared = all.filter(
    (f) => rerunAnswered && isContradiction(f) && lateOnly(f.effects) && twice(f).length === 0,
  );
  const first = all.filter((finding) => !cleared.includes(finding));
  const looked = first.filter(isContradiction);
  const lateAgain = looked.filter((finding) => twice(finding).length > 0 && lateOnly(twice(finding)));
  const reproduced = looked.filter((finding) => twice(finding).length > 0 && !lateAgain.includes(finding));
  return { first, looked, lateAgain, reproduced, cleared, twice };
}

/**
 * The tool's verdict from its calls and, when it looked contradicted, its re-run alone
 * (`confirmCalls`; undefined when none was made, `notRerun` saying why). A contradiction stands
 * only when the re-run shows the same finding again; not seen again, the tool is inconclusive and
 * the finding is not raised; not re-run (or the re-run never answered), it is inconclusive with
 * exercise-inconclusive naming what it looked like, unless `notRerun` is null (the playground).
 */
export function judgeTool(
  calls: readonly CallRecord[],
  claims: readonly Claim[],
  confirmCalls?: readonly CallRecord[],
  runDoubt: string | null = null,
  notRerun: string | null = NOT_RERUN,
): ToolVerdict {
  const times = calls.length === 1 ? 'once' : `${calls.length}×`;
  const { first, looked, lateAgain, reproduced, cleared, twice } = weighed(calls, claims, confirmCalls);
  const findings = first
    .filter((finding) => !isContradiction(finding) || reproduced.includes(finding))
    .map(({ id, severity, message: text }) => ({ id, severity, message: text }));
  const unconfirmed =
    reproduced.length > 0 || looked.length === 0 || notRerun === null
      ? null
      : confirmCalls === undefined
        ? notRerun
        : answered(confirmCalls)
          ? null
          : `its re-run alone was not answered (${[...new Set(confirmCalls.map(outcomeText))].join('; ') || 'no call made'})`;
  const reasons =
    unconfirmed !== null
      ? [unconfirmedReason(looked, unconfirmed)]
      : reproduced.length === 0 && lateAgain.length > 0
        ? lateAgain.map(lateReason)
        : reproduced.length === 0 && looked.length === 0
          ? doubts(calls, runDoubt)
          : [];
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
  } else if (unconfirmed !== null) {
    status = 'inconclusive';
    summary = `called ${times} (${outcomes}); looked like ${looked.map((f) => f.id).join(', ')}, ${unconfirmed.replace(/^it /, '')}: raised as exercise-inconclusive`;
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
    const notOwn = cleared.flatMap((finding) => finding.effects);
    const aside =
      notOwn.length === 0 ? '' : `; not its own: ${listed(notOwn)}, not seen again when it was re-run alone`;
    summary = `called ${times} (${outcomes}); nothing contradicted the hints (${claims.join(', ')}); observed: ${observedSummary(calls, notOwn.length > 0)}${aside}`;
  }
  return { findings, behaviour: { status, summary, ...base } };
}
