/**
 * Counts over a listing, with exactly the article's predicates (see annotations.ts): an
 * unannotated tool counts as destructive and open-world, because that is what the spec says.
 * unannotated + partiallyAnnotated + fullyAnnotated = tools.
 */
import { z } from 'zod';
import { FLAG_IDS, type FlagId } from './flags';
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
  severityCounts: z.object({ high: countSchema, medium: countSchema, low: countSchema, info: countSchema }),
});
export type Summary = z.infer<typeof summarySchema>;

const byName = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

export function summarize(tools: readonly ToolReport[]): Summary {
  const flagCounts: Partial<Record<FlagId, number>> = {};
  const severityCounts = { high: 0, medium: 0, low: 0, info: 0 };
  for (const tool of tools) {
    const severities = new Set(tool.flags.map((flag) => flag.severity));
    for (const severity of severities) severityCounts[severity] += 1;
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
  };
}
