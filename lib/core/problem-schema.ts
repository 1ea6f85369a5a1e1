/**
 * The zod schema of a Problem (lib/core/problems.ts), for the wire shapes that carry one. Kept apart so
 * the CLI can raise and print problems before it loads zod (it starts the server first).
 */
import { z } from 'zod';
import { PROBLEM_CODES, type Problem } from './problems';

export const problemCodeSchema = z.enum(PROBLEM_CODES);

export const problemSchema = z.object({
  code: problemCodeSchema,
  message: z.string(),
  hint: z.string().optional(),
  /** The audit step at which it happened: spawn, connect, initialize, tools/list page N, ... */
  step: z.string().optional(),
  /** Environment variables the server's stderr says are missing (stderr.ts): data for a one-click fix. */
  missingEnv: z.array(z.string()).optional(),
}) satisfies z.ZodType<Problem>;
