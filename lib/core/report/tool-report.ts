/**
 * One tool as the Report carries it: the wire fields kept as sent, the effective value and
 * provenance of each hint (annotations.ts), the tool's class, its flags (flags/catalogue.ts), its place in the risk order (risk.ts) and size.
 */
import { z } from 'zod';
import { ANNOTATION_STATES, TOOL_CLASSES, effectiveHintSchema } from '../annotations';
import { flagSchema } from '../flags/schema';
import { costSchema } from './cost';
import { riskSchema } from './risk';
import { toolBehaviourSchema } from '../exercise/schema';

export const toolReportSchema = z.object({
  /** Position in the listing across all pages, from 0. */
  index: z.number().int(),
  /** The page (from 1) that carried it. */
  page: z.number().int(),
  name: z.string(),
  /** title, then annotations.title, then name. */
  displayName: z.string(),
  title: z.string().nullable(),
  description: z.string().nullable(),
  /** Raw annotations exactly as sent; the key is absent when the server sent none. */
  annotations: z.unknown().optional(),
  effective: z.object({
    readOnlyHint: effectiveHintSchema,
    destructiveHint: effectiveHintSchema,
    idempotentHint: effectiveHintSchema,
    openWorldHint: effectiveHintSchema,
  }),
  annotationState: z.enum(ANNOTATION_STATES),
  class: z.enum(TOOL_CLASSES),
  readOnly: z.boolean(),
  destructive: z.boolean(),
  openWorld: z.boolean(),
  additiveWrite: z.boolean(),
  flags: z.array(flagSchema),
  /** risk.score, kept for readers of earlier reports. */
  riskScore: z.number(),
  /** Where the tool stands in the risk order, and why (risk.ts). */
  risk: riskSchema,
  inputSchema: z.unknown().optional(),
  outputSchema: z.unknown().optional(),
  /** icons, _meta and execution exactly as sent; absent when the server sent none. */
  icons: z.unknown().optional(),
  _meta: z.unknown().optional(),
  execution: z.unknown().optional(),
  /** UTF-8 size of this tool's JSON as listed. */
  bytes: z.number().int(),
  /** Bytes and estimated tokens (o200k_base) of this tool's JSON. */
  cost: costSchema.optional(),
  /** What calling it in the sandbox showed (audit --exercise); absent when it was not exercised. */
  behaviour: toolBehaviourSchema.optional(),
});
export type ToolReport = z.infer<typeof toolReportSchema>;
