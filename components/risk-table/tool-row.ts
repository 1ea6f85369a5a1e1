/**
 * One table row per tool, with its sort keys and search text computed once per report: the name
 * column sorts by display name, the class by its risk order, each hint by value then provenance,
 * the flags by the most severe flag then how many.
 */
import { HINTS, TOOL_CLASSES, type HintName } from '@/lib/core/annotations';
import type { FlagId } from '@/lib/core/flags/catalogue';
import { SEVERITIES, severityRank } from '@/lib/core/severity';
import type { ToolReport } from '@/lib/core/report/tool-report';

export interface ToolRow {
  tool: ToolReport;
  /** Lower-cased display name, then name: what the name column shows. */
  nameKey: string;
  /** Lower-cased name, title, annotations title and description, for the text filter. */
  search: string;
  classKey: number;
  hintKeys: Record<HintName, number>;
  /** Most severe flag first, then how many. */
  flagKey: number;
  flagIds: FlagId[];
}

const SOURCE_ORDER = { declared: 3, default: 2, malformed: 1, 'not-applicable': 0 } as const;

export function toRow(tool: ToolReport): ToolRow {
  const hintKeys = {} as Record<HintName, number>;
  for (const hint of HINTS) {
    const { value, source } = tool.effective[hint];
    hintKeys[hint] = (source === 'not-applicable' ? 0 : value ? 2 : 1) * 4 + SOURCE_ORDER[source];
  }
  let best: number = SEVERITIES.length;
  for (const flag of tool.flags) best = Math.min(best, severityRank(flag.severity));
  return {
    tool,
    nameKey: `${tool.displayName.toLowerCase()}\u0000${tool.name.toLowerCase()}`,
    search: [tool.name, tool.displayName, tool.title ?? '', tool.description ?? ''].join('\n').toLowerCase(),
    classKey: TOOL_CLASSES.indexOf(tool.class),
    hintKeys,
    flagKey: tool.flags.length === 0 ? 0 : (SEVERITIES.length - best) * 1000 + tool.flags.length,
    flagIds: tool.flags.map((flag) => flag.id),
  };
}
