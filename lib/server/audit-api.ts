/**
 * POST /api/audit: a JSON target in, NDJSON out (progress events, then one report or one error).
 * Closing the request cancels the audit and kills the server it started. Kept free of Next.js so
 * it is tested with plain Request objects; app/api/audit/route.ts only re-exports it.
 */
import { auditRequestSchema, describeIssues, type AuditEvent, type AuditRequest } from '../core/audit-request';
import { runAudit } from './audit';
import { MAX_CONCURRENT_WORK, busyResponse, runningWork, tryStartWork } from './concurrency';
import { BODY_TOO_LARGE, bodyCapFor, readBodyCapped } from './request-body';
import { problemResponse } from './problem-response';
import type { AuditTargetSpec } from './target-spec';
import { saveDashboardAudit } from './history/dashboard-history';

/** Audits running at once through the API, counted with OAuth checks; more get 429. */
export const MAX_CONCURRENT_AUDITS = MAX_CONCURRENT_WORK;
export const runningAudits = runningWork;

export function targetFromRequest(request: AuditRequest): AuditTargetSpec {
  if (request.transport === 'stdio') {
    return {
      transport: 'stdio',
      command: request.command,
      args: request.args,
      cwd: request.cwd === undefined || request.cwd.trim() === '' ? undefined : request.cwd,
      env: Object.entries(request.env).map(([name, value]) => (value === null ? { name } : { name, value })),
    };
  }
  return { transport: request.transport, url: request.url, headers: request.headers };
}

export async function handleAuditRequest(request: Request): Promise<Response> {
  const type = request.headers.get('content-type') ?? '';
  if (!/^application\/json\b/i.test(type)) {
    return problemResponse({
      code: 'unsupported-media-type',
      message: 'Send the target as JSON (Content-Type: application/json).',
    });
  }
  const read = await readBodyCapped(request, bodyCapFor('POST', '/api/audit'));
  if (!read.ok)
    return problemResponse({
      code: 'request-too-large',
      message: BODY_TOO_LARGE,
      hint: 'A target is at most 1 MiB of JSON.',
    });
  let body: unknown;
  try {
    body = JSON.parse(read.text);
  } catch {
    return problemResponse({ code: 'bad-input', message: 'The request body is not valid JSON.' });
  }
  const parsed = auditRequestSchema.safeParse(body);
  if (!parsed.success) {
    return problemResponse({
      code: 'bad-input',
      message: `The target is not valid: ${describeIssues(parsed.error)}.`,
      hint: 'Send {transport:"stdio", command, args?, cwd?, env?} or {transport:"auto"|"streamable-http"|"sse", url, headers?}.',
    });
  }
  const release = tryStartWork();
  if (release === null) return busyResponse();

  const target = targetFromRequest(parsed.data);
  const cancel = new AbortController();
  const onClientGone = (): void => {
    cancel.abort();
  };
  request.signal.addEventListener('abort', onClientGone, { once: true });
  const encoder = new TextEncoder();
  let closed = false;
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      const send = (event: AuditEvent): void => {
        if (closed) return;
        try {
          controller.enqueue(encoder.encode(`${JSON.stringify(event)}\n`));
        } catch {
          closed = true;
        }
      };
      runAudit(target, {
        signal: cancel.signal,
        onProgress: send,
        countTokens: true,
        ...(parsed.data.timeoutMs === undefined ? {} : { timeoutMs: parsed.data.timeoutMs }),
      })
        .then((report) => {
          if (!cancel.signal.aborted) saveDashboardAudit(report);
          send({ type: 'report', report });
        })
        .catch((error: unknown) => {
          send({
            type: 'error',
            error: {
              code: 'internal',
              message: `The audit failed unexpectedly: ${error instanceof Error ? error.message : String(error)}`,
            },
          });
        })
        .finally(() => {
          release();
          request.signal.removeEventListener('abort', onClientGone);
          if (!closed) {
            closed = true;
            controller.close();
          }
        });
    },
    cancel() {
      closed = true;
      cancel.abort();
    },
  });
  return new Response(stream, {
    headers: {
      'Content-Type': 'application/x-ndjson; charset=utf-8',
      'Cache-Control': 'no-store',
      'X-Content-Type-Options': 'nosniff',
    },
  });
}
