/**
 * The wire shapes of POST /api/exercise (issue 23): the stdio target as POST /api/audit takes it,
 * the mode, the tools the user confirmed in the dialog (consent: the server refuses when its own plan
 * would call any other), optional arguments per tool; answered with NDJSON: one event per call, then
 * the exercised Report or one error.
 */
import { z } from 'zod';
import { auditRequestSchema } from './audit-request';
import { problemSchema } from '../problem-schema';
import { reportSchema } from '../report/report';
import { CALL_OUTCOMES, EXERCISE_MODES } from '../exercise/schema';

const stdioRequestSchema = auditRequestSchema.options[0];

export const exerciseRequestSchema = z.strictObject({
  target: stdioRequestSchema,
  mode: z.enum(EXERCISE_MODES).default('checkable'),
  /** The tool names the consent dialog listed and the user confirmed. */
  confirmedTools: z.array(z.string().max(1024)).max(1000),
  calls: z.record(z.string(), z.array(z.record(z.string(), z.unknown())).min(1).max(5)).optional(),
});

export const exerciseEventSchema = z.union([
  z.object({
    type: z.literal('call'),
    tool: z.string(),
    round: z.number().int(),
    index: z.number().int(),
    total: z.number().int(),
    /** Absent while the call runs. */
    outcome: z.enum(CALL_OUTCOMES).optional(),
    durationMs: z.number().optional(),
  }),
  z.object({ type: z.literal('report'), report: reportSchema }),
  z.object({ type: z.literal('error'), error: problemSchema }),
]);
export type ExerciseEvent = z.infer<typeof exerciseEventSchema>;
