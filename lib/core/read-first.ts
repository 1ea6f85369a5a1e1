/**
 * Read first: what a reviewer should look at before anything else, from the Report as it is (never
 * re-ranked here): the top three tools of the risk order (risk.ts), each with the reason it ranks
 * there (the flag that decides its place: of its worst severity, a signal of its own text first) and
 * the start of its description; the tools listed only because of the declared capabilities; the
 * texts that name a tool the listing lacks; the tools the server added after the lists.
 */
import { SIGNAL_FLAGS } from './risk';
import type { Report } from './report';
import type { Flag } from './flags';
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

/** The flag that decides a tool's place: of its worst severity, the strongest signal of its own text first. */
export function decidingFlag(tool: Pick<ToolReport, 'flags'>): Flag | null {
  const first = tool.flags[0];
  if (first === undefined) return null;
  const worst = tool.flags.filter((flag) => flag.severity === first.severity);
  // SIGNAL_FLAGS is strongest first (risk.ts): the strongest signal of the worst severity decides.
  for (const id of SIGNAL_FLAGS) {
    const signal = worst.find((flag) => flag.id === id);
    if (signal !== undefined) return signal;
  }
  return first;
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
      return {
        rank: tool.risk.rank,
        name: tool.name,
        displayName: tool.displayName,
        reason: decidingFlag(tool),
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
