/**
 * The facts about one tool that the tool rules read (computed once by lib/core/report/tool-analysis.ts),
 * and the two readings of its prose several rules share.
 */
import type { AnnotationAnalysis } from '../annotations';
import { mentionedTools } from '../signals/mentioned-tools';
import type { SurfaceContext } from '../surface/tool-findings';

/** Everything flagsForTool needs to know about one tool, computed by the report builder. */
export interface ToolFacts {
  name: unknown;
  analysis: AnnotationAnalysis;
  inputSchema: unknown;
  /** How many tools in the whole listing share this tool's name. */
  nameCount: number;
  texts: { field: string; text: string }[];
  /**
   * The titles and descriptions inside inputSchema and outputSchema (lib/core/surface/schema-texts.ts):
   * checked for hidden characters and size like the tool's own texts, but not read for the signals
   * (an argument that says "token from prepare_action" is a confirmation flow, not a steer).
   */
  schemaTexts?: { field: string; text: string }[];
  /** The raw tool, for the surface checks (icons, outputSchema, _meta, x-mcp-header, $ref). */
  raw?: Record<string, unknown>;
  /** Where the server lives, for the icon-domain check. */
  context?: SurfaceContext;
  /** Every tool name in the listing (for mentions of other tools); none when absent. */
  allNames?: readonly string[];
  /** The other tools its prose names, when the caller has found them already (mentionedIn). */
  mentioned?: readonly string[];
}

/** The tool's own prose the signals read: every text but its name. */
export function toolProse(texts: readonly { field: string; text: string }[]): string[] {
  return texts.filter(({ field }) => field !== 'name').map(({ text }) => text);
}

/** The other tools of the listing that a tool's prose names (the mentions-other-tool signal). */
export function mentionedIn(facts: Pick<ToolFacts, 'name' | 'texts' | 'allNames'>): string[] {
  const ownName = typeof facts.name === 'string' ? facts.name : '';
  return mentionedTools(ownName, toolProse(facts.texts), facts.allNames ?? []);
}
