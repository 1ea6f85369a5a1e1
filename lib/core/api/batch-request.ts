/**
 * The wire shapes of a batch audit of configured servers (POST /api/servers/audit and `scan
 * --format json`): which servers to start with which supplied values, and the NDJSON events that
 * answer (each server's progress, then its result; one `done` at the end).
 */
import { z } from 'zod';
import { auditProgressSchema } from './audit-request';
import { problemSchema } from '../problem-schema';
import { reportSchema } from '../report/report';

export const DEFAULT_CONCURRENCY = 4;
export const MAX_CONCURRENCY = 16;

export const batchRequestSchema = z.strictObject({
  /** Server ids from the listing (GET /api/servers). Only listed servers can be started. */
  ids: z.array(z.string().max(8192)).min(1, 'choose at least one server').max(200),
  /** Values for `${input:...}` and unset variables, keyed `input:ID` / `env:NAME`; used for this batch only. */
  values: z.record(z.string().max(300), z.string().max(65_536)).default({}),
  concurrency: z.number().int().min(1).max(MAX_CONCURRENCY).default(DEFAULT_CONCURRENCY),
});
export type BatchRequest = z.infer<typeof batchRequestSchema>;

export const BATCH_STATUSES = ['ok', 'failed', 'cancelled'] as const;

export const batchResultSchema = z.object({
  id: z.string(),
  status: z.enum(BATCH_STATUSES),
  /** The report, also for a failed audit (what was read before the failure); null when nothing started. */
  report: reportSchema.nullable(),
  /** The first error, for the overview row. */
  error: problemSchema.nullable(),
  durationMs: z.number(),
});
export type BatchResult = z.infer<typeof batchResultSchema>;

export const batchEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('started'), id: z.string() }),
  z.object({ type: z.literal('progress'), id: z.string(), event: auditProgressSchema }),
  z.object({ type: z.literal('result'), result: batchResultSchema }),
  z.object({ type: z.literal('done'), ok: z.number().int(), failed: z.number().int(), cancelled: z.number().int() }),
]);
export type BatchEvent = z.infer<typeof batchEventSchema>;
