/**
 * The risk order: which tool a reviewer should read first. One rule, four keys, then the name;
 * above them all, a contradiction observed in the sandbox (audit --exercise: a tool seen doing what
 * its hints deny, exercise/definitions.ts) outranks any claim (score + 10000):
 *  1. the worst flag severity (critical > high > medium > low > info > none) dominates: critical is
 *     evidence of an attack in what the server sent (lib/core/severity.ts), above any spec default;
 *  2. the tool's level breaks ties: destructive write > additive write > read-only, where two kinds
 *     of text rank a tool as a destructive write whatever it declares:
 *     - a poisoning signal: a prompt injection or a critical preference manipulation in its text
 *       (lib/core/poisoning/), hidden characters (what they say cannot be seen), or an order to call
 *       another tool of the listing that writes ("call export_members"; an agent that obeys its
 *       description acts with the power of the tools it names). A cross-reference ("Use
 *       read_text_file instead", "use browser_snapshot for actions") is a low mention: it never
 *       lifts the level;
 *     - one of the strongest signals (strength 8 or 9, below): the tool says it runs anything at all
 *       ("executes arbitrary JavaScript", a terminal process) or returns the whole environment or
 *       credentials ("Returns all environment variables"): a read-only get-env is read with the
 *       writes, its keys can leave through any of them;
 *  3. then the strength of the strongest signal the tool itself carries, by the severity its rule
 *     raised it with (lib/core/signals/definitions.ts): 9 a prompt injection, hidden characters, code execution of
 *     anything ("unsafe", "arbitrary", "RCE"); 8 secrets returned (the whole environment,
 *     credentials); 7 code of a stated kind ("Evaluate JavaScript", a SQL query); 6 local files sent;
 *     5 an order to call another tool; 4 secrets named; 3 any URL; 2 a deletion; 0 a cross-reference
 *     or untrusted content. What its own text says it can do is better evidence than a verb;
 *  4. then its effect, in tiers a reviewer agrees with (signals/inferred-effect.ts EFFECT_TIERS): 5 sending
 *     outside (post, send, reply, comment, push, merge, publish, upload, email: the data or the act
 *     leaves for others) > 4 destroying or running (delete, remove, kill, run) > 3 changing (update,
 *     edit, move, set) > 2 creating (create, add, fork) > 1 marking (react, tag, label, star,
 *     toggle) > 0 reading. The tier is read from the verb of the name where the hints are absent or
 *     contradicted (the effect inferred, shown as inferred); where the hints set the class, from the
 *     level (read-only 0, additive 2, destructive 4). On a server that sends no annotations,
 *     slack_post_message (5) before slack_add_reaction (a mark, 1) before slack_get_users (0);
 *  5. then how many signals it carries, then the name, then the listing position, so the order is
 *     total and deterministic.
 * The score packs keys 1-4 into four digits (severity, level, strength, effect): 4295 reads "a high
 * flag, destructive level, a strength-9 signal, an effect that sends outside". It orders; it does
 * not measure harm. Annotations are hints the server gives about itself (MCP spec,
 * ToolAnnotations), and every signal and inference is a heuristic.
 */
import { z } from 'zod';
import type { ToolClass } from '../annotations';
import { FLAG_IDS, type Flag, type FlagId } from '../flags/catalogue';
import { SEVERITIES, type Severity } from '../severity';
import { effectTier, inferredEffectSchema, levelTier, type InferredEffect } from '../signals/inferred-effect';
import { LIFTING_STRENGTH, SIGNAL_STRENGTHS, strengthOf, type SignalId } from '../signals/definitions';
import { OBSERVED_CONTRADICTIONS } from '../exercise/definitions';
import { POISONING_IDS, type PoisoningId } from '../poisoning/definitions';

/** Flags raised from the tool's own text and arguments, strongest first: the tie-break prefers them. */
export const SIGNAL_FLAGS = Object.keys(SIGNAL_STRENGTHS) as SignalId[] satisfies readonly FlagId[];

/**
 * Flags about a tool's label, not what it does (a missing annotations.title): they never move a tool
 * in the risk order, so a title-less read does not rank above a titled one.
 */
export const UNRANKED_FLAGS: readonly FlagId[] = ['missing-title'];

/** poisoned and strongest-signal: a read-only or additive tool ranked as a destructive write (key 2). */
export const RISK_LEVELS = [
  'read-only',
  'additive-write',
  'destructive-write',
  'poisoned',
  'strongest-signal',
] as const;
export type RiskLevel = (typeof RISK_LEVELS)[number];

export const riskSchema = z.object({
  /** severity × 1000 + level × 100 + strongest signal × 10 + effect tier, + 10000 for an observed contradiction: higher is read first. */
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

/** none 0, info 1, low 2, medium 3, high 4, critical 5. */
export function severityDigit(severity: Severity | null): number {
  return severity === null ? 0 : SEVERITIES.length - SEVERITIES.indexOf(severity);
}

/** destructive level (including poisoned and strongest-signal) 2, additive 1, read-only 0. */
export function levelDigit(level: RiskLevel): number {
  return level === 'read-only' ? 0 : level === 'additive-write' ? 1 : 2;
}

const isSignal = (id: FlagId): id is SignalId => id in SIGNAL_STRENGTHS;

/** The strength of the strongest signal among these flags (by the severity each was raised with): 0 to 9. */
export function signalStrength(flags: readonly Pick<Flag, 'id' | 'severity'>[]): number {
  return Math.max(0, ...flags.map((flag) => (isSignal(flag.id) ? strengthOf(flag.id, flag.severity) : 0)));
}

/** An order to call another tool: a mention raised at medium or above (a low one is a cross-reference). */
const ordersACall = (flags: readonly Flag[]): boolean =>
  flags.some((flag) => flag.id === 'mentions-other-tool' && severityDigit(flag.severity) >= severityDigit('medium'));

/** Evidence of an attack in the tool's own text: a critical poisoning finding (lib/core/poisoning/). */
const attacked = (flags: readonly Flag[]): boolean =>
  flags.some((flag) => POISONING_IDS.includes(flag.id as PoisoningId) && flag.severity === 'critical');

/**
 * Everything but the rank, which needs the whole listing (rankTools). `namesAWrite`: whether a tool
 * it names (mentions-other-tool) writes; unknown (an older saved report) counts as yes. `inferred`:
 * the effect inferred where the hints are absent or contradicted (inferEffect), or null. `name`:
 * the tool's, for the words that make a write a mark (slack_add_reaction).
 */
export function assessRisk(
  toolClass: ToolClass,
  flags: readonly Flag[],
  namesAWrite = true,
  inferred: InferredEffect | null = null,
  name = '',
): Omit<Risk, 'rank'> {
  let worstSeverity: Severity | null = null;
  for (const flag of flags) {
    if (UNRANKED_FLAGS.includes(flag.id)) continue;
    if (worstSeverity === null || SEVERITIES.indexOf(flag.severity) < SEVERITIES.indexOf(worstSeverity)) {
      worstSeverity = flag.severity;
    }
  }
  const ids = new Set(flags.map((flag) => flag.id));
  const poisoned = ids.has('hidden-characters') || attacked(flags) || (ordersACall(flags) && namesAWrite);
  const strength = signalStrength(flags);
  const level: RiskLevel =
    toolClass === 'destructive-write'
      ? toolClass
      : poisoned
        ? 'poisoned'
        : strength >= LIFTING_STRENGTH
          ? 'strongest-signal'
          : toolClass;
  const signals = SIGNAL_FLAGS.filter((id) => ids.has(id));
  const effect = inferred === null ? levelTier(toolClass) : effectTier(inferred, name);
  const observed = flags.some((flag) => (OBSERVED_CONTRADICTIONS as readonly string[]).includes(flag.id)) ? 10_000 : 0;
  const score = observed + severityDigit(worstSeverity) * 1000 + levelDigit(level) * 100 + strength * 10 + effect;
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
  'strongest-signal': 'ranks as a destructive write (it says it runs anything or returns secrets)',
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
    'Tools are ordered by their worst flag severity, then by level (destructive write, additive write, read-only; a tool ranks as a destructive write whatever it declares when its text carries a poisoning signal, a prompt injection, hidden characters or an order to call another tool that writes, or one of the strongest signals, running anything at all or returning the environment or credentials; a cross-reference such as "use X instead" never lifts it), then by the strength of the strongest signal the tool itself carries (hidden characters and code execution of anything; secrets returned; code of a stated kind such as a page script or a query; local files sent; an order to call another tool; secrets named; any URL; deletion), then by effect in tiers (sending outside: post, send, reply, push, merge, publish, upload, email; then destroying or running; then changing: update, edit, move; then creating: create, add; then marking: react, tag, label, toggle; then reading), read from the verb of its name where the hints are absent or contradicted and from its level otherwise, then by how many signals, then by name.',
  score:
    'The score packs the first four keys into four digits: severity (5 critical, 4 high, 3 medium, 2 low, 1 info, 0 none), level (2 destructive, poisoned or lifted by a strongest signal, 1 additive, 0 read-only), strongest signal (9 to 0), effect tier (5 sends outside, 4 destroys or runs, 3 changes, 2 creates, 1 marks, 0 reads). 4295 reads: a high flag, destructive level, a strength-9 signal such as running arbitrary code, an effect that sends outside. A tool seen in the sandbox doing what its hints deny (audit --exercise) gets 10000 more: an observed contradiction outranks any claim.',
  doesNotTell:
    'How much harm a tool can do. The order says what to read first; annotations are the server talking about itself, and signals and inferred effects are word patterns.',
} as const;
