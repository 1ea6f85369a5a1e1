/**
 * Read first: what a reviewer should look at before anything else, from the Report as it is (never
 * re-ranked here): the top three tools of the risk order (risk.ts), each with the reason it ranks
 * there and the start of its description; the tools listed only because of the declared
 * capabilities; the texts that name a tool the listing lacks; the tools the server added after the
 * lists. The reason is the worst flag, as the order reads it: a contradiction observed in the
 * sandbox first (said so: "observed in the sandbox"), then the most severe, and among those the
 * strongest signal of the tool's own text; never simply the first flag of the list (an exercise
 * appends its findings after the claims).
 */
import { OBSERVED_CONTRADICTIONS } from '../exercise/definitions';
import { SIGNAL_FLAGS, signalStrength } from './risk';
import { severityRank } from '../severity';
import type { Report } from './report';
import type { Flag } from '../flags/catalogue';
import type { ToolReport } from './tool-report';

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

export function readFirst(report: Pick<Report, 'tools' | 'surface' | 'clientSession'>): ReadFirst {
  const tools = [...report.tools]
    .sort((a, b) => a.risk.rank - b.risk.rank)
    .slice(0, READ_FIRST_COUNT)
    .map((tool): ReadFirstTool => {
      const { text, truncated } = start(tool.description);
      const reason = decidingFlag(tool);
      return {
        rank: tool.risk.rank,
        name: tool.name,
        displayName: tool.displayName,
        reason,
        observed: reason !== null && isObserved(reason),
        description: text,
        truncated,
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
