/**
 * Counts over a listing, with exactly the article's predicates (see annotations.ts): an
 * unannotated tool counts as destructive and open-world, because that is what the spec says.
 * unannotated + partiallyAnnotated + fullyAnnotated = tools. Consumers (the CLI printer, the
 * summary panel, the surface chart, the table's filters) read these counts and never recount.
 */
import { z } from 'zod';
import { TOOL_CLASSES, type ToolClass } from '../annotations';
import { FLAG_IDS, type FlagId } from '../flags/catalogue';
import { SEVERITIES, severityRank, type Severity } from '../severity';
import type { ToolReport } from './tool-report';

const countSchema = z.number().int();

/** The counts of one listing, never recomputed by a consumer. */
export const summarySchema = z.object({
  tools: countSchema,
  readOnly: countSchema,
  destructive: countSchema,
  openWorld: countSchema,
  unannotated: countSchema,
  partiallyAnnotated: countSchema,
  fullyAnnotated: countSchema,
  malformed: countSchema,
  additiveWrites: z.array(z.string()),
  openWorldTools: z.array(z.string()),
  destructiveTools: z.array(z.string()),
  confirmationRequired: countSchema,
  flagCounts: z.partialRecord(z.enum(FLAG_IDS), countSchema),
  /** Flags of each severity; `critical` reads as 0 in a report saved before that severity existed. */
  severityCounts: z.object({
    ...(Object.fromEntries(SEVERITIES.map((severity) => [severity, countSchema])) as Record<
      Severity,
      typeof countSchema
    >),
    critical: countSchema.default(0),
  }),
  /** Tools of each class, and how many of them are open-world (the surface chart). */
  classCounts: z.record(z.enum(TOOL_CLASSES), z.object({ tools: countSchema, openWorld: countSchema })),
  /** The most severe flag any tool carries, or null when none has a flag (--fail-on looks wider: audit-gate.ts). */
  worstSeverity: z.enum(SEVERITIES).nullable(),
});
export type Summary = z.infer<typeof summarySchema>;

const byName = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

export function summarize(tools: readonly ToolReport[]): Summary {
  const flagCounts: Partial<Record<FlagId, number>> = {};
  const severityCounts = Object.fromEntries(SEVERITIES.map((severity) => [severity, 0])) as Record<Severity, number>;
  const classCounts = Object.fromEntries(TOOL_CLASSES.map((cls) => [cls, { tools: 0, openWorld: 0 }])) as Record<
    ToolClass,
    { tools: number; openWorld: number }
  >;
  let worstSeverity: Severity | null = null;
  for (const tool of tools) {
    classCounts[tool.class].tools += 1;
    if (tool.openWorld) classCounts[tool.class].openWorld += 1;
    const severities = new Set(tool.flags.map((flag) => flag.severity));
    for (const severity of severities) {
      severityCounts[severity] += 1;
      if (worstSeverity === null || severityRank(severity) < severityRank(worstSeverity)) worstSeverity = severity;
    }
    for (const id of new Set(tool.flags.map((flag) => flag.id))) flagCounts[id] = (flagCounts[id] ?? 0) + 1;
  }
  const names = (keep: (tool: ToolReport) => boolean): string[] =>
    tools
      .filter(keep)
      .map((tool) => tool.name)
      .sort(byName);
  const count = (keep: (tool: ToolReport) => boolean): number => tools.filter(keep).length;
  return {
    tools: tools.length,
    readOnly: count((tool) => tool.readOnly),
    destructive: count((tool) => tool.destructive),
    openWorld: count((tool) => tool.openWorld),
    unannotated: count((tool) => tool.annotationState === 'unannotated'),
    partiallyAnnotated: count((tool) => tool.annotationState === 'partial'),
    fullyAnnotated: count((tool) => tool.annotationState === 'full'),
    malformed: flagCounts['malformed-annotation'] ?? 0,
    additiveWrites: names((tool) => tool.additiveWrite),
    openWorldTools: names((tool) => tool.openWorld),
    destructiveTools: names((tool) => tool.destructive),
    confirmationRequired: flagCounts['confirmation-required'] ?? 0,
    flagCounts,
    severityCounts,
    classCounts,
    worstSeverity,
  };
}
