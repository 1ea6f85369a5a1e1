/**
 * The verdict on one exercised tool: its calls' effects against its effective hints. Each rule is
 * one function returning a finding or null; a tool with calls and no contradiction is "exercised:
 * nothing contradicted the hints", with what was observed. Read-only is checked on every file
 * change, closed world on connects and lookups, additive on deletions and overwrites of files that
 * existed before the tool ran, idempotent on the repeat changing the writable folders again (snapshots).
 */
import type { Finding } from '../finding';
import { BEHAVIOUR_FINDING_DEFINITIONS, OBSERVED_CONTRADICTIONS, type BehaviourFindingId } from './definitions';
import type { CallRecord, Claim, Effect, EffectKind, ToolBehaviour } from './schema';

const FILE_CHANGES: ReadonlySet<EffectKind> = new Set([
  'create',
  'overwrite',
  'write',
  'append',
  'delete',
  'rename',
  'chmod',
  'mkdir',
  'link',
  'changed',
]);
const DESTRUCTIVE: ReadonlySet<EffectKind> = new Set(['delete', 'overwrite']);
const EVIDENCE_IN_MESSAGE = 160;
const NAMED = 3;

const VERBS: Record<EffectKind, string> = {
  create: 'created',
  overwrite: 'overwrote',
  write: 'opened for writing',
  append: 'appended to',
  delete: 'deleted',
  rename: 'renamed',
  chmod: 'changed the permissions of',
  mkdir: 'made the folder',
  exec: 'ran',
  connect: 'connected to',
  dns: 'looked up a name through',
  'canary-read': 'read the canary',
  link: 'made a second name (hard link) for',
  changed: 'changed (no traced system call explains it)',
  refused: 'called (refused by the sandbox)',
};

/** "created ./x", "tried: connected to 192.0.2.1:80 (ENETUNREACH)", "... after the call". */
export function describeEffect(effect: Effect): string {
  const what = `${VERBS[effect.kind]} ${effect.target}${effect.to === null ? '' : ` to ${effect.to}`}`;
  const tried = effect.ok ? what : `tried: ${what} (${effect.error ?? 'failed'})`;
  return effect.phase === 'after' ? `${tried}, after the call` : tried;
}

type Rule = (calls: readonly CallRecord[], claims: readonly Claim[]) => Effect[];

function all(calls: readonly CallRecord[], keep: (effect: Effect, call: CallRecord) => boolean): Effect[] {
  return calls.flatMap((call) => call.effects.filter((effect) => keep(effect, call)));
}

const RULES: Record<BehaviourFindingId, Rule> = {
  'readonly-wrote': (calls, claims) =>
    claims.includes('read-only') ? all(calls, (effect) => FILE_CHANGES.has(effect.kind)) : [],
  'closed-world-connected': (calls, claims) =>
    claims.includes('closed-world') ? all(calls, (effect) => effect.kind === 'connect' || effect.kind === 'dns') : [],
  'nondestructive-deleted': (calls, claims) => {
    if (!claims.includes('non-destructive')) return [];
    // A file the tool itself created in an earlier call is not "existing before".
    const ownFiles = new Set<string>();
    return all(calls, (effect) => {
      // A failed call on a file that was not there (ENOENT) destroyed nothing and showed no such intent.
      const hit = DESTRUCTIVE.has(effect.kind) && effect.error !== 'ENOENT' && !ownFiles.has(effect.target);
      if (effect.kind === 'create' && effect.ok) ownFiles.add(effect.target);
      return hit;
    });
  },
  'idempotent-differed': (calls, claims) => {
    if (!claims.includes('idempotent')) return [];
    // State, not system calls: an atomic write makes a fresh temporary name each time, yet leaves
    // the same file behind. The repeat differs when it changed the writable folders again.
    const second = calls.filter((call) => call.round === 2);
    const effects = second.flatMap((call) => call.effects);
    return second.flatMap((call) =>
      call.changed.map((path): Effect => {
        const traced = effects.find((effect) => effect.target === path && FILE_CHANGES.has(effect.kind));
        return {
          kind: 'overwrite',
          area: path.startsWith('~') ? 'home' : path.startsWith('.') ? 'work' : 'tmp',
          target: `${path} again (its content differs after the second identical call)`,
          to: null,
          ok: true,
          error: null,
          phase: traced?.phase ?? 'during',
          atMs: traced?.atMs ?? 0,
          evidence: traced?.evidence ?? `${path}: content differs after the second identical call`,
        };
      }),
    );
  },
  'read-credentials': (calls) => all(calls, (effect) => effect.kind === 'canary-read'),
  'spawned-process': (calls) => all(calls, (effect) => effect.kind === 'exec'),
  // Filled by behaviourFindings: it depends on the others and on the run.
  'exercise-inconclusive': () => [],
};

const LEADS: Record<BehaviourFindingId, string> = {
  'readonly-wrote': 'Claims read-only; called in the sandbox it',
  'closed-world-connected': 'Claims a closed world (openWorldHint false); called in the sandbox it',
  'nondestructive-deleted': 'Claims additive (destructiveHint false); called in the sandbox it',
  'idempotent-differed': 'Claims idempotent; the second identical call',
  'read-credentials': 'Called in the sandbox, it',
  'spawned-process': 'Called in the sandbox, it',
  'exercise-inconclusive': 'Called in the sandbox, the result cannot be trusted as complete:',
};

function listed(effects: readonly Effect[]): string {
  const unique = [...new Set(effects.map(describeEffect))];
  const shown = unique.slice(0, NAMED).join('; ');
  return unique.length > NAMED ? `${shown}; and ${unique.length - NAMED} more` : shown;
}

function message(id: BehaviourFindingId, effects: readonly Effect[]): string {
  const evidence = effects[0]?.evidence ?? '';
  const short = evidence.length > EVIDENCE_IN_MESSAGE ? `${evidence.slice(0, EVIDENCE_IN_MESSAGE)}…` : evidence;
  return `${LEADS[id]} ${listed(effects)}. Evidence: ${short}`;
}

/** Why a tool's calls cannot be called clean: a refused system call, or a run whose trace is incomplete. */
function doubts(calls: readonly CallRecord[], runDoubt: string | null): string[] {
  const refused = [...new Set(all(calls, (effect) => effect.kind === 'refused').map((effect) => effect.target))];
  const reasons =
    refused.length === 0
      ? []
      : [`it tried ${refused.join(', ')}, which the sandbox refuses (what it would have done is not known)`];
  if (runDoubt !== null) reasons.push(runDoubt);
  return reasons;
}

/**
 * The behaviour findings of one tool, in catalogue order. `runDoubt` says why the whole run's
 * evidence is incomplete (a trace past its cap, a lost tracer), or null: then, and when the tool
 * tried a refused system call, a tool nothing contradicted is inconclusive, never clean.
 */
export function behaviourFindings(
  calls: readonly CallRecord[],
  claims: readonly Claim[],
  runDoubt: string | null = null,
): Finding<BehaviourFindingId>[] {
  const findings: Finding<BehaviourFindingId>[] = [];
  for (const id of Object.keys(RULES) as BehaviourFindingId[]) {
    const effects = RULES[id](calls, claims);
    if (effects.length > 0)
      findings.push({ id, severity: BEHAVIOUR_FINDING_DEFINITIONS[id].severity, message: message(id, effects) });
  }
  const contradicted = findings.some((finding) => OBSERVED_CONTRADICTIONS.includes(finding.id));
  const reasons = doubts(calls, runDoubt);
  if (!contradicted && reasons.length > 0)
    findings.push({
      id: 'exercise-inconclusive',
      severity: BEHAVIOUR_FINDING_DEFINITIONS['exercise-inconclusive'].severity,
      message: `${LEADS['exercise-inconclusive']} ${reasons.join('; ')}.`,
    });
  return findings;
}

function observedSummary(calls: readonly CallRecord[]): string {
  const effects = calls.flatMap((call) => call.effects);
  if (effects.length === 0) return 'no file changes, no processes, no network attempts, no canary reads';
  return listed(effects);
}

/** The tool's behaviour record: status and one line, from its calls and findings. */
export function toolBehaviour(
  calls: readonly CallRecord[],
  claims: readonly Claim[],
  findings: readonly Finding<BehaviourFindingId>[],
): ToolBehaviour {
  const times = calls.length === 1 ? 'once' : `${calls.length}×`;
  const completed = calls.some((call) => call.outcome === 'ok');
  const contradicted = findings.some((finding) => OBSERVED_CONTRADICTIONS.includes(finding.id));
  let status: ToolBehaviour['status'];
  let summary: string;
  const doubt = findings.find((finding) => finding.id === 'exercise-inconclusive');
  if (contradicted) {
    status = 'contradicted';
    summary = `called ${times}; ${findings.map((finding) => finding.id).join(', ')}`;
  } else if (doubt !== undefined) {
    status = 'inconclusive';
    summary = `inconclusive: ${doubt.message.slice(LEADS['exercise-inconclusive'].length + 1)} Observed: ${observedSummary(calls)}`;
  } else if (!completed) {
    status = 'not-exercised';
    const first = calls[0];
    const why = first === undefined ? 'not called' : `${first.outcome}: ${first.message ?? 'no message'}`;
    summary = `not exercised (${why}); observed: ${observedSummary(calls)}`;
  } else if (claims.length === 0) {
    status = 'observed';
    summary = `called ${times}; no claim to check; observed: ${observedSummary(calls)}`;
  } else {
    status = 'clean';
    summary = `called ${times}; nothing contradicted the hints (${claims.join(', ')}); observed: ${observedSummary(calls)}`;
  }
  return { status, claims: [...claims], summary, calls: [...calls] };
}
