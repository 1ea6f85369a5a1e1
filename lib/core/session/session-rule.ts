/**
 * What a session finding is (one file each in this folder, registered in findings.ts): its
 * definition and the check that raises it from the servers an agent holds together, with the tools
 * that form it. Computed from Reports only (effective hints, names, descriptions).
 */
import { z } from 'zod';
import type { FindingDefinition } from '../finding';
import { INFERRED_EFFECTS } from '../signals/inferred-effect';
import type { Report, ToolReport } from '../report/report';
import type { Severity } from '../severity';

export const toolRefSchema = z.object({
  server: z.string(),
  tool: z.string(),
  /** Private-data readers: what the tool reads and the words that say so (private-data.ts). */
  reads: z.object({ kind: z.string(), words: z.string() }).optional(),
  /** External writers whose hints are absent: the effect inferred from the name, never a declaration. */
  inferred: z.object({ effect: z.enum(INFERRED_EFFECTS), word: z.string() }).optional(),
});
export type ToolRef = z.infer<typeof toolRefSchema>;

export interface SessionServer {
  /** The server's name in the configuration (what the user knows it by). */
  name: string;
  report: Report;
}

/** One raised session finding: the tools that form it and, for the triangle, every tool of each leg. */
export interface RaisedSessionFinding<Id extends string> {
  id: Id;
  severity: Severity;
  message: string;
  tools: ToolRef[];
  /** The servers it is about when no tool says (two servers named alike); else the servers of its tools. */
  servers?: string[];
  legs?: { privateData: ToolRef[]; untrustedContent: ToolRef[]; externalWrite: ToolRef[] };
}

export interface SessionRule<Id extends string> {
  readonly definition: FindingDefinition<Id>;
  readonly check: (servers: readonly SessionServer[]) => RaisedSessionFinding<Id>[];
}

export const ref = (server: string, tool: ToolReport): ToolRef => ({ server, tool: tool.name });

/** A tool of a leg as shown: "slack/slack_post_message (inferred write: "post")" where its effect was inferred. */
export function legToolText(ref: ToolRef): string {
  const inferred = ref.inferred === undefined ? '' : ` (inferred ${ref.inferred.effect}: "${ref.inferred.word}")`;
  return `${ref.server}/${ref.tool}${inferred}`;
}

/** At most `max` tools, shown with their server (or alone), "and N more" past it. */
export const listTools = (refs: readonly ToolRef[], max = 6, withServer = true): string => {
  const shown = refs.slice(0, max).map((r) => (withServer ? legToolText(r) : r.tool));
  return refs.length > max ? `${shown.join(', ')} and ${refs.length - max} more` : shown.join(', ');
};
