/**
 * The NDJSON events of POST /api/servers/audit: the batch's events (lib/core/api/batch-request.ts),
 * then one `session` event with the overview rows and the session findings.
 */
import { z } from 'zod';
import { batchEventSchema } from '../api/batch-request';
import { sessionFindingSchema } from './findings';
import { overviewRowSchema } from './overview';

export const sessionEventSchema = z.object({
  type: z.literal('session'),
  rows: z.array(overviewRowSchema),
  findings: z.array(sessionFindingSchema),
});

export const serversEventSchema = z.union([batchEventSchema, sessionEventSchema]);
export type ServersEvent = z.infer<typeof serversEventSchema>;
