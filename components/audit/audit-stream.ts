/**
 * The dashboard's side of POST /api/audit: sends an AuditRequest, reads the NDJSON answer as it
 * streams (one AuditEvent per line, each checked with auditEventSchema) and turns HTTP and network
 * failures into problems with a code, a message and what to try. Cancel with cancelAudit (the stream
 * then says how the server ended, and ends), or by aborting the signal: the server kills the audited
 * process when the request closes (a closed tab).
 */
import { auditEventSchema, type AuditEvent, type AuditRequest } from '@/lib/core/api/audit-request';
import { apiFetch, postNdjson } from '@/components/session/api-fetch';
import type { NdjsonHandlers } from '@/components/ui/read-ndjson';

export type StreamHandlers = NdjsonHandlers<AuditEvent>;

/**
 * Runs one audit. Resolves when the stream ends (after the report or error event, or early);
 * rejects with ProblemError for HTTP failures and with the fetch error for network failures
 * or an abort.
 */
export async function streamAudit(request: AuditRequest, signal: AbortSignal, handlers: StreamHandlers) {
  await postNdjson('/api/audit', request, signal, auditEventSchema, handlers);
}

/** Asks the dashboard to end a running audit (POST /api/audit/cancel); true when it said it will. */
export async function cancelAudit(runId: string): Promise<boolean> {
  try {
    const response = await apiFetch('/api/audit/cancel', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ runId }),
    });
    return response.status === 202;
  } catch {
    return false;
  }
}
