/**
 * The "Your servers" view's side of the API: GET /api/servers (the listing, validated) and POST
 * /api/servers/audit (the batch, read as NDJSON, each line checked with serversEventSchema).
 * Abort the signal to cancel every server of the batch.
 */
import { z } from 'zod';
import type { BatchRequest } from '@/lib/core/api/batch-request';
import { serverListingSchema } from '@/lib/core/config/entry';
import { configFindingSchema } from '@/lib/core/config/findings';
import { serversEventSchema, type ServersEvent } from '@/lib/core/session/servers-stream';
import { problemFromResponse } from '@/components/session/problem-from-response';
import { apiFetch, postNdjson } from '@/components/session/api-fetch';
import type { ShownProblem } from '@/components/ui/problem-list';
import { ProblemError } from '@/lib/core/problems';

export const serversListSchema = z.object({
  servers: z.array(serverListingSchema),
  findings: z.array(configFindingSchema),
  searched: z.array(z.string()),
  /** The project folder and HOME the dashboard reads (SARIF paths are relative to the project). */
  project: z.string().nullable(),
  home: z.string(),
});
export type ServersList = z.infer<typeof serversListSchema>;

export async function fetchServers(signal: AbortSignal): Promise<ServersList> {
  const response = await apiFetch('/api/servers', { headers: { Accept: 'application/json' }, signal });
  if (!response.ok) throw ProblemError.from(await problemFromResponse(response));
  const parsed = serversListSchema.safeParse(await response.json());
  if (!parsed.success) {
    throw ProblemError.from({
      code: 'invalid-result',
      message: 'The server list did not have the expected shape.',
    });
  }
  return parsed.data;
}

/** A failed listing or batch as the page shows it: the dashboard's problem, else `what` and the error. */
export function requestProblem(error: unknown, what: string): ShownProblem {
  return error instanceof ProblemError
    ? { ...error.toProblem(), level: 'error' }
    : { code: 'connection-failed', message: `${what}: ${String(error)}`, level: 'error' };
}

export async function streamBatch(
  request: BatchRequest,
  signal: AbortSignal,
  onEvent: (event: ServersEvent) => void,
  /** A line that is not a valid event (skipped); the row it belonged to stays without a result. */
  onInvalidLine: (line: string) => void = (line) => {
    console.error(
      `mcp-hintcheck: skipped a line of the batch's answer that is not a valid event (${line.length} characters)`,
    );
  },
): Promise<void> {
  await postNdjson('/api/servers/audit', request, signal, serversEventSchema, { onEvent, onInvalidLine });
}
