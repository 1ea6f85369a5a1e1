/**
 * The risk order: which tool a reviewer should read first. One rule, three keys, then the name;
 * above them all, a contradiction observed in the sandbox (audit --exercise: a tool seen doing what
 * its hints deny, exercise/definitions.ts) outranks any claim (score + 1000):
 *  1. the worst flag severity (high > medium > low > info > none) dominates;
 *  2. the tool's level breaks ties: destructive write > additive write > read-only, where a tool
 *     whose own text carries a poisoning signal ranks as a destructive write whatever it declares:
 *     hidden characters (what they say cannot be seen), or naming another tool of the listing that
 *     writes (an agent that obeys its description acts with the power of the tools it names). A
 *     tool that names only read-only tools ("Deprecated: use read_text_file instead") keeps its own
 *     level: its flag and signal still count;
 *  3. then how many signals the tool itself carries (its words and arguments: hidden characters,
 *     other tools named, code execution, any URL, deletion; see signals.ts);
 *  4. then the name, then the listing position, so the order is total and deterministic.
 * The score packs keys 1-3 into three digits (severity, level, signals): 421 reads "a high flag,
 * destructive level, one signal". It orders; it does not measure harm. Annotations are hints the
 * server gives about itself (MCP spec, ToolAnnotations), and every signal is a heuristic.
 */
import { z } from 'zod';
import type { ToolClass } from './annotations';
import { FLAG_IDS, SEVERITIES, type Flag, type FlagId, type Severity } from './flags';
import { OBSERVED_CONTRADICTIONS } from './exercise/definitions';

/** Flags raised from the tool's own text and arguments: the tie-break prefers tools that carry them. */
export const SIGNAL_FLAGS: readonly FlagId[] = [
  'hidden-characters',
  'mentions-other-tool',
  'executes-code',
  'unrestricted-url',
  'deletes-data',
];

/**
 * Signals of a poisoned description: they lift a tool to the destructive level (naming another
 * tool only when that tool writes; assessRisk).
 */
export const POISONING_FLAGS: readonly FlagId[] = ['hidden-characters', 'mentions-other-tool'];

export const RISK_LEVELS = ['read-only', 'additive-write', 'destructive-write', 'poisoned'] as const;
export type RiskLevel = (typeof RISK_LEVELS)[number];

export const riskSchema = z.object({
  /** severity × 100 + level × 10 + signals (at most 9), + 1000 for an observed contradiction: higher is read first. */
  score: z.number().int(),
  /** 1 = read first; ties broken by name, then listing position. */
  rank: z.number().int(),
  worstSeverity: z.enum(SEVERITIES).nullable(),
  level: z.enum(RISK_LEVELS),
  /** The signal flags this tool carries, in flag order. */
  signals: z.array(z.enum(FLAG_IDS)),
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

/**
 * Everything but the rank, which needs the whole listing (rankTools). `namesAWrite`: whether a tool
 * it names (mentions-other-tool) writes; unknown (an older saved report) counts as yes.
 */
export function assessRisk(toolClass: ToolClass, flags: readonly Flag[], namesAWrite = true): Omit<Risk, 'rank'> {
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
  const observed = flags.some((flag) => (OBSERVED_CONTRADICTIONS as readonly string[]).includes(flag.id)) ? 1000 : 0;
  const score = observed + severityDigit(worstSeverity) * 100 + levelDigit(level) * 10 + Math.min(signals.length, 9);
  return { score, worstSeverity, level, signals: [...signals] };
}

interface Rankable {
  name: string;
  index: number;
  risk: Pick<Risk, 'score'>;
}

const byName = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** The risk order: score descending, then name, then listing position. */
export function compareRisk(a: Rankable, b: Rankable): number {
  return b.risk.score - a.risk.score || byName(a.name, b.name) || a.index - b.index;
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

/** Why a tool ranks where it does, in one line: "high flag · destructive write · 1 signal (unrestricted-url)". */
export function riskReason(risk: Omit<Risk, 'rank'>): string {
  const severity = risk.worstSeverity === null ? 'no flag' : `${risk.worstSeverity} flag`;
  const signals =
    risk.signals.length === 0
      ? 'no signal in the tool itself'
      : `${risk.signals.length} ${risk.signals.length === 1 ? 'signal' : 'signals'} (${risk.signals.join(', ')})`;
  const observed = risk.score >= 1000 ? 'observed contradiction · ' : '';
  return `${observed}${severity} · ${LEVEL_WORDS[risk.level]} · ${signals}`;
}

/** The rule in words, for tooltips, the glossary and the CLI. */
export const RISK_RULE = {
  title: 'Risk order',
  summary:
    'Tools are ordered by their worst flag severity, then by level (destructive write, additive write, read-only; a tool whose text carries a poisoning signal ranks as a destructive write: hidden characters, or naming another tool that writes), then by how many signals the tool itself carries, then by name.',
  score:
    'The score packs the first three keys into three digits: severity (4 high, 3 medium, 2 low, 1 info, 0 none), level (2 destructive or poisoned, 1 additive, 0 read-only), signals (0-9). 421 reads: a high flag, destructive level, one signal. A tool seen in the sandbox doing what its hints deny (audit --exercise) gets 1000 more: an observed contradiction outranks any claim.',
  doesNotTell:
    'How much harm a tool can do. The order says what to read first; annotations are the server talking about itself, and signals are word patterns.',
} as const;
