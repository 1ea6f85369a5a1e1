/**
 * The risk order: which tool a reviewer should read first. One rule, four keys, then the name;
 * above them all, a contradiction observed in the sandbox (audit --exercise: a tool seen doing what
 * its hints deny, exercise/definitions.ts) outranks any claim (score + 10000):
 *  1. the worst flag severity (high > medium > low > info > none) dominates;
 *  2. the tool's level breaks ties: destructive write > additive write > read-only, where a tool
 *     whose own text carries a poisoning signal ranks as a destructive write whatever it declares:
 *     hidden characters (what they say cannot be seen), or naming another tool of the listing that
 *     writes (an agent that obeys its description acts with the power of the tools it names). A
 *     tool that names only read-only tools ("Deprecated: use read_text_file instead") keeps its own
 *     level: its flag and signal still count;
 *  3. then the strength of the strongest signal the tool itself carries (its words and arguments,
 *     lib/core/signals/definitions.ts: code execution and hidden characters 3; local files sent,
 *     secrets exposed, another tool named 2; any URL, deletion 1): what its own text says it can do
 *     is better evidence than a verb;
 *  4. then its effect: the level's own digit where the hints set it, or the effect inferred from
 *     its name where they are absent or contradicted (inferred-effect.ts): on a server that sends
 *     no annotations, merge_pull_request (destructive) before create_issue (write) before get_issue;
 *  5. then how many signals it carries, then the name, then the listing position, so the order is
 *     total and deterministic.
 * The score packs keys 1-4 into four digits (severity, level, strength, effect): 4232 reads "a high
 * flag, destructive level, a strength-3 signal, destructive effect". It orders; it does not measure
 * harm. Annotations are hints the server gives about itself (MCP spec, ToolAnnotations), and every
 * signal and inference is a heuristic.
 */
import { z } from 'zod';
import type { ToolClass } from './annotations';
import { FLAG_IDS, type Flag, type FlagId } from './flags';
import { SEVERITIES, type Severity } from './severity';
import { effectDigit, inferredEffectSchema, type InferredEffect } from './inferred-effect';
import { SIGNAL_STRENGTHS, type SignalId } from './signals/definitions';
import { OBSERVED_CONTRADICTIONS } from './exercise/definitions';

/** Flags raised from the tool's own text and arguments, strongest first: the tie-break prefers them. */
export const SIGNAL_FLAGS = Object.keys(SIGNAL_STRENGTHS) as SignalId[] satisfies readonly FlagId[];

/**
 * Signals of a poisoned description: they lift a tool to the destructive level (naming another
 * tool only when that tool writes; assessRisk).
 */
export const POISONING_FLAGS: readonly FlagId[] = ['hidden-characters', 'mentions-other-tool'];

export const RISK_LEVELS = ['read-only', 'additive-write', 'destructive-write', 'poisoned'] as const;
export type RiskLevel = (typeof RISK_LEVELS)[number];

export const riskSchema = z.object({
  /** severity × 1000 + level × 100 + strongest signal × 10 + effect, + 10000 for an observed contradiction: higher is read first. */
  score: z.number().int(),
  /** 1 = read first; ties broken by name, then listing position. */
  rank: z.number().int(),
  worstSeverity: z.enum(SEVERITIES).nullable(),
  level: z.enum(RISK_LEVELS),
  /** The signal flags this tool carries, strongest first. */
  signals: z.array(z.enum(FLAG_IDS)),
  /** The effect inferred from its name where its hints are absent or contradicted; never a declaration. */
  inferred: inferredEffectSchema.optional(),
});
export type Risk = z.infer<typeof riskSchema>;

/** none 0, info 1, low 2, medium 3, high 4. */
export function severityDigit(severity: Severity | null): number {
  return severity === null ? 0 : SEVERITIES.length - SEVERITIES.indexOf(severity);
}

/** destructive level (including poisoned) 2, additive 1, read-only 0. */
export function levelDigit(level: RiskLevel): number {
  return level === 'read-only' ? 0 : level === 'additive-write' ? 1 : 2;
}

/** The strength of the strongest signal among these flags: 0 to 3. */
export function signalStrength(signals: readonly FlagId[]): number {
  return Math.max(0, ...signals.map((id) => (id in SIGNAL_STRENGTHS ? SIGNAL_STRENGTHS[id as SignalId] : 0)));
}

/**
 * Everything but the rank, which needs the whole listing (rankTools). `namesAWrite`: whether a tool
 * it names (mentions-other-tool) writes; unknown (an older saved report) counts as yes. `inferred`:
 * the effect inferred where the hints are absent or contradicted (inferEffect), or null.
 */
export function assessRisk(
  toolClass: ToolClass,
  flags: readonly Flag[],
  namesAWrite = true,
  inferred: InferredEffect | null = null,
): Omit<Risk, 'rank'> {
  let worstSeverity: Severity | null = null;
  for (const flag of flags) {
    if (worstSeverity === null || SEVERITIES.indexOf(flag.severity) < SEVERITIES.indexOf(worstSeverity)) {
      worstSeverity = flag.severity;
    }
  }
  const ids = new Set(flags.map((flag) => flag.id));
  const poisoned = ids.has('hidden-characters') || (ids.has('mentions-other-tool') && namesAWrite);
  const level: RiskLevel = poisoned && toolClass !== 'destructive-write' ? 'poisoned' : toolClass;
  const signals = SIGNAL_FLAGS.filter((id) => ids.has(id));
  const effect = inferred === null ? levelDigit(level) : effectDigit(inferred.effect);
  const observed = flags.some((flag) => (OBSERVED_CONTRADICTIONS as readonly string[]).includes(flag.id)) ? 10_000 : 0;
  const score =
    observed + severityDigit(worstSeverity) * 1000 + levelDigit(level) * 100 + signalStrength(signals) * 10 + effect;
  return { score, worstSeverity, level, signals: [...signals], ...(inferred === null ? {} : { inferred }) };
}

interface Rankable {
  name: string;
  index: number;
  risk: Pick<Risk, 'score'> & { signals?: readonly unknown[] };
}

const byName = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** The risk order: score descending, then more signals, then name, then listing position. */
export function compareRisk(a: Rankable, b: Rankable): number {
  return (
    b.risk.score - a.risk.score ||
    (b.risk.signals?.length ?? 0) - (a.risk.signals?.length ?? 0) ||
    byName(a.name, b.name) ||
    a.index - b.index
  );
}

/** Ranks (from 1) in risk order, keyed by listing index. */
export function rankTools(tools: readonly Rankable[]): Map<number, number> {
  const ranks = new Map<number, number>();
  [...tools].sort(compareRisk).forEach((tool, position) => ranks.set(tool.index, position + 1));
  return ranks;
}

/** Tools in risk order (a copy; the Report keeps listing order). */
export function inRiskOrder<T extends { risk: Pick<Risk, 'rank'> }>(tools: readonly T[]): T[] {
  return [...tools].sort((a, b) => a.risk.rank - b.risk.rank);
}

const LEVEL_WORDS: Record<RiskLevel, string> = {
  'destructive-write': 'destructive write',
  'additive-write': 'additive write',
  'read-only': 'read-only',
  poisoned: 'ranks as a destructive write (poisoning signal)',
};

const INFERRED_WORDS: Record<InferredEffect['effect'], string> = {
  read: 'read',
  write: 'write',
  'destructive-write': 'destructive write',
};

/** Why a tool ranks where it does, in one line: "high flag · destructive write · 1 signal (unrestricted-url)". */
export function riskReason(risk: Omit<Risk, 'rank'>): string {
  const severity = risk.worstSeverity === null ? 'no flag' : `${risk.worstSeverity} flag`;
  const signals =
    risk.signals.length === 0
      ? 'no signal in the tool itself'
      : `${risk.signals.length} ${risk.signals.length === 1 ? 'signal' : 'signals'} (${risk.signals.join(', ')})`;
  const inferred =
    risk.inferred === undefined
      ? ''
      : ` · inferred ${INFERRED_WORDS[risk.inferred.effect]} ("${risk.inferred.word}" in its ${risk.inferred.from})`;
  const observed = risk.score >= 10_000 ? 'observed contradiction · ' : '';
  return `${observed}${severity} · ${LEVEL_WORDS[risk.level]}${inferred} · ${signals}`;
}

/** The rule in words, for tooltips, the glossary and the CLI. */
export const RISK_RULE = {
  title: 'Risk order',
  summary:
    'Tools are ordered by their worst flag severity, then by level (destructive write, additive write, read-only; a tool whose text carries a poisoning signal ranks as a destructive write: hidden characters, or naming another tool that writes), then by the strength of the strongest signal the tool itself carries (code execution, hidden characters; local files sent, secrets exposed, another tool named; any URL, deletion), then by effect (the level, or where the hints are absent or contradicted the effect inferred from its name: delete, update, merge, push, run before create, post, send before get, list, search), then by how many signals, then by name.',
  score:
    'The score packs the first four keys into four digits: severity (4 high, 3 medium, 2 low, 1 info, 0 none), level (2 destructive or poisoned, 1 additive, 0 read-only), strongest signal (3, 2, 1, 0 none), effect (2 destructive, 1 write, 0 read). 4232 reads: a high flag, destructive level, a strength-3 signal such as code execution, destructive effect. A tool seen in the sandbox doing what its hints deny (audit --exercise) gets 10000 more: an observed contradiction outranks any claim.',
  doesNotTell:
    'How much harm a tool can do. The order says what to read first; annotations are the server talking about itself, and signals and inferred effects are word patterns.',
} as const;
