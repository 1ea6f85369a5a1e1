/**
 * The dashboard's side of POST /api/audit: sends an AuditRequest, reads the NDJSON answer as it
 * streams (one AuditEvent per line, each checked with auditEventSchema) and turns HTTP and network
 * failures into problems with a code, a message and what to try. Cancel with cancelAudit (the stream
 * then says how the server ended, and ends), or by aborting the signal: the server kills the audited
 * process when the request closes (a closed tab).
 */
import { z } from 'zod';
import { auditEventSchema, type AuditEvent, type AuditRequest } from '@/lib/core/audit-request';
import { authHeaders } from '@/components/session/session-token';
import { problemSchema } from '@/lib/core/problem-schema';
import { ProblemError, type Problem } from '@/lib/core/problems';
import { readNdjson, type NdjsonHandlers } from '@/components/ui/read-ndjson';

const errorBodySchema = z.object({ error: problemSchema });

/** The problem a failed dashboard API answer describes: its {error} body, else its status. */
export async function problemFromResponse(response: Response): Promise<Problem> {
  let text = '';
  try {
    text = await response.text();
  } catch {
    // The body is unreadable; the status alone has to do.
  }
  try {
    const parsed = errorBodySchema.safeParse(JSON.parse(text));
    if (parsed.success) return parsed.data.error;
  } catch {
    // Not JSON: fall through to the status.
  }
  const status = `${response.status} ${response.statusText}`.trim();
  if (response.status === 401 || response.status === 403) {
    return {
      code: 'unauthorized',
      message: `The dashboard refused the request (HTTP ${status}).`,
      hint: 'Open the dashboard with the link the server printed (it carries the session token), then try again.',
    };
  }
  return {
    code: 'http-error',
    message: `The dashboard answered HTTP ${status}.`,
    hint: 'Check the terminal that runs the dashboard for details, then try again.',
  };
}

export type StreamHandlers = NdjsonHandlers<AuditEvent>;

/**
 * Runs one audit. Resolves when the stream ends (after the report or error event, or early);
 * rejects with ProblemError for HTTP failures and with the fetch error for network failures
 * or an abort.
 */
export async function streamAudit(request: AuditRequest, signal: AbortSignal, handlers: StreamHandlers) {
  const response = await fetch('/api/audit', {
    method: 'POST',
    credentials: 'omit',
    headers: { ...authHeaders(), 'Content-Type': 'application/json', Accept: 'application/x-ndjson' },
    body: JSON.stringify(request),
    signal,
    cache: 'no-store',
  });
  if (!response.ok) throw ProblemError.from(await problemFromResponse(response));
  if (response.body === null) {
    throw new ProblemError('bad-answer', 'The dashboard answered without a body.', {
      hint: 'Try again; if it repeats, restart the dashboard.',
    });
  }

  await readNdjson(response.body, auditEventSchema, handlers);
}

/** Asks the dashboard to end a running audit (POST /api/audit/cancel); true when it said it will. */
export async function cancelAudit(runId: string): Promise<boolean> {
  try {
    const response = await fetch('/api/audit/cancel', {
      method: 'POST',
      credentials: 'omit',
      headers: { ...authHeaders(), 'Content-Type': 'application/json' },
      body: JSON.stringify({ runId }),
      cache: 'no-store',
    });
    return response.status === 202;
  } catch {
    return false;
  }
}
