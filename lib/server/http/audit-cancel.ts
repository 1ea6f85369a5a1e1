/**
 * The dashboard's audits in progress, by run id, so that POST /api/audit/cancel can end one while its
 * stream stays open to report how the server ended (the `stopped` event, then the report). A closed
 * request still cancels on its own (ndjson-response.ts). One registry per process (process-state.ts).
 */
import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { readJsonRequest } from './json-request';
import { processState } from '../process/process-state';
import { problemResponse } from './problem-response';

const runs = (): Map<string, AbortController> => processState('audit-runs', () => new Map<string, AbortController>());

/** Registers a run; returns its id and the function that forgets it once the run is over. */
export function registerRun(cancel: AbortController): { runId: string; done: () => void } {
  const runId = randomBytes(16).toString('base64url');
  runs().set(runId, cancel);
  return {
    runId,
    done: () => {
      runs().delete(runId);
    },
  };
}

const cancelSchema = z.strictObject({ runId: z.string().min(1).max(100) });

/** POST /api/audit/cancel {runId}: 202 when the run was told to stop, 404 when it is not running. */
export async function handleAuditCancel(request: Request): Promise<Response> {
  const read = await readJsonRequest(request, '/api/audit/cancel', '{"runId": "..."}');
  if (!read.ok) return read.response;
  const parsed = cancelSchema.safeParse(read.body);
  if (!parsed.success) return problemResponse({ code: 'bad-input', message: 'Send {"runId": "..."}.' });
  const run = runs().get(parsed.data.runId);
  if (run === undefined) {
    return Response.json(
      {
        error: {
          code: 'bad-input',
          message: 'No such audit is running (it has finished, or the dashboard restarted).',
        },
      },
      { status: 404, headers: { 'Cache-Control': 'no-store' } },
    );
  }
  run.abort();
  return Response.json({ cancelling: true }, { status: 202, headers: { 'Cache-Control': 'no-store' } });
}
