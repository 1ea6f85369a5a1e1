/**
 * Read first: what a reviewer should look at before anything else, from the Report as it is (never
 * re-ranked here): the top three tools of the risk order (risk.ts), each with the reason it ranks
 * there and the start of its description; the tools listed only because of the declared
 * capabilities; the texts that name a tool the listing lacks; the tools the server added after the
 * lists. The reason is the worst flag, as the order reads it: a contradiction observed in the
 * sandbox first (said so: "observed in the sandbox"), then the most severe, and among those the
 * strongest signal of the tool's own text; never simply the first flag of the list (an exercise
 * appends its findings after the claims). When two of the three share that reason (three destructive
 * tools of one server: "destructiveHint is true" each), the later ones point at the first (`sameAs`)
 * and each says what sets it apart (`apart`): a flag the others lack, the verb its effect was inferred
 * from, or, when nothing does, that it ties with them and is placed by name (issue 49).
 */
import { OBSERVED_CONTRADICTIONS } from '../exercise/definitions';
import { SIGNAL_FLAGS, signalStrength } from './risk';
import { severityRank } from '../severity';
import type { Report } from './report';
import type { Flag } from '../flags/catalogue';
import type { ToolReport } from './tool-report';
import { EFFECT_TIER_WORDS } from '../signals/inferred-effect';

export const READ_FIRST_COUNT = 3;
/** Characters of a description shown. */
export const DESCRIPTION_START = 140;

export interface ReadFirstTool {
  rank: number;
  name: string;
  displayName: string;
  /** The deciding flag, or null when the tool has none. */
  reason: Flag | null;
  /** The reason is a contradiction observed in the sandbox (audit --exercise), not a claim. */
  observed: boolean;
  /** The start of the description, on one line, or null when it has none. */
  description: string | null;
  truncated: boolean;
  /** The rank of an earlier Read first tool with the same reason (shown once, there), or null. */
  sameAs: number | null;
  /** What sets it apart from the Read first tools that share its reason, or null when its reason is its own. */
  apart: string | null;
}

export interface ReadFirst {
  tools: ReadFirstTool[];
  /** Listed only because of the declared capabilities (--compare-capabilities). */
  gated: string[];
  /** What named tools the listing lacks: the text and the names. */
  unlisted: { subject: string; message: string }[];
  /** Tools the server added after the first listing (list_changed). */
  addedLater: string[];
}

/** How a reason observed in the sandbox is introduced, wherever Read first is shown. */
export const OBSERVED_WORDS = 'observed in the sandbox';

const OBSERVED: ReadonlySet<string> = new Set(OBSERVED_CONTRADICTIONS);

/** Whether a flag is a contradiction observed in the sandbox. */
export const isObserved = (flag: Pick<Flag, 'id'>): boolean => OBSERVED.has(flag.id);

/**
 * The flag that decides a tool's place: an observed contradiction first (the most severe of them),
 * else of its worst severity the strongest signal of its own text (by strength, then the order of
 * SIGNAL_FLAGS; a signal of no strength, a cross-reference, decides nothing), else the first flag
 * of that severity.
 */
export function decidingFlag(tool: Pick<ToolReport, 'flags'>): Flag | null {
  const observed = tool.flags.filter(isObserved);
  const pool = observed.length > 0 ? observed : tool.flags;
  const worst = Math.min(...pool.map((flag) => severityRank(flag.severity)));
  const candidates = pool.filter((flag) => severityRank(flag.severity) === worst);
  const signals = candidates
    .filter((flag) => (SIGNAL_FLAGS as readonly string[]).includes(flag.id) && signalStrength([flag]) > 0)
    .sort(
      (a, b) =>
        signalStrength([b]) - signalStrength([a]) ||
        SIGNAL_FLAGS.indexOf(a.id as (typeof SIGNAL_FLAGS)[number]) -
          SIGNAL_FLAGS.indexOf(b.id as (typeof SIGNAL_FLAGS)[number]),
    );
  return signals[0] ?? candidates[0] ?? null;
}

function start(description: string | null): { text: string | null; truncated: boolean } {
  if (description === null) return { text: null, truncated: false };
  const line = description.replace(/\s+/g, ' ').trim();
  if (line === '') return { text: null, truncated: false };
  const chars = Array.from(line);
  return chars.length > DESCRIPTION_START
    ? { text: chars.slice(0, DESCRIPTION_START - 1).join(''), truncated: true }
    : { text: line, truncated: false };
}

type Ranked = Pick<ToolReport, 'name' | 'flags' | 'risk'>;

/** Same score and as many signals: the risk order then goes by name (risk.ts compareRisk). */
const ties = (a: Ranked, b: Ranked): boolean =>
  a.risk.score === b.risk.score && a.risk.signals.length === b.risk.signals.length;

/** What sets `tool` apart from `peers`, the Read first tools with the same reason (see the header). */
export function setApart(tool: Ranked, peers: readonly Ranked[]): string | null {
  if (peers.length === 0) return null;
  const theirs = new Set(peers.flatMap((peer) => peer.flags.map((flag) => flag.id)));
  const own = decidingFlag({ flags: tool.flags.filter((flag) => !theirs.has(flag.id)) });
  if (own !== null) return `${own.id}: ${own.message}`;
  // The effect tier is the score's last digit (risk.ts): from the name's verb, else the declared level.
  const tier = tool.risk.score % 10;
  if (peers.every((peer) => peer.risk.score % 10 !== tier))
    return `by its ${tool.risk.inferred?.from ?? 'hints'} it ${EFFECT_TIER_WORDS[tier] ?? 'acts'}`;
  const tied = peers.filter((peer) => ties(peer, tool)).map((peer) => peer.name);
  if (tied.length > 0) return `nothing: a tie with ${tied.join(' and ')}, placed by name`;
  return 'nothing of its own: the tools that share its reason carry more';
}

export function readFirst(report: Pick<Report, 'tools' | 'surface' | 'clientSession'>): ReadFirst {
  const top = [...report.tools].sort((a, b) => a.risk.rank - b.risk.rank).slice(0, READ_FIRST_COUNT);
  const reasons = top.map((tool) => decidingFlag(tool));
  const tools = top.map((tool, i): ReadFirstTool => {
    const { text, truncated } = start(tool.description);
    const reason = reasons[i] ?? null;
    const shares = (j: number): boolean => j !== i && reason !== null && reasons[j]?.id === reason.id;
    const peers = top.filter((_, j) => shares(j));
    const first = top.findIndex((_, j) => shares(j) && j < i);
    return {
      rank: tool.risk.rank,
      name: tool.name,
      displayName: tool.displayName,
      reason,
      observed: reason !== null && isObserved(reason),
      description: text,
      truncated,
      sameAs: first === -1 ? null : (top[first]?.risk.rank ?? null),
      apart: setApart(tool, peers),
    };
  });
  const session = report.clientSession;
  return {
    tools,
    gated: session?.comparison?.gated ?? [],
    unlisted: (report.surface?.findings ?? [])
      .filter((finding) => finding.id === 'unlisted-tool')
      .map(({ subject, message }) => ({ subject, message })),
    addedLater: [
      ...new Set((session?.relisted ?? []).filter((entry) => entry.list === 'tools').flatMap((entry) => entry.added)),
    ],
  };
}
