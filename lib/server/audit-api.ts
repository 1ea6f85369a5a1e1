/**
 * POST /api/audit: a JSON target in, NDJSON out (progress events, then one report or one error).
 * Closing the request cancels the audit and kills the server it started. Kept free of Next.js so
 * it is tested with plain Request objects; app/api/audit/route.ts only re-exports it.
 */
import { auditRequestSchema, describeIssues, type AuditEvent, type AuditRequest } from '../core/audit-request';
import { runAudit } from './audit';
import { problemResponse } from './problem-response';
import type { AuditTargetSpec } from './target-spec';

const MAX_BODY_BYTES = 1024 * 1024;
/** Audits running at once through the API; more get 429 (each one may be a spawned process). */
export const MAX_CONCURRENT_AUDITS = 24;
let running = 0;

const BODY_TOO_LARGE = { code: 'request-too-large', message: 'The request body is larger than 1 MiB.' } as const;

export function runningAudits(): number {
  return running;
}

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
  const declared = Number(request.headers.get('content-length') ?? '0');
  if (declared > MAX_BODY_BYTES) return problemResponse(BODY_TOO_LARGE);
  const text = await request.text();
  if (text.length > MAX_BODY_BYTES) return problemResponse(BODY_TOO_LARGE);
  let body: unknown;
  try {
    body = JSON.parse(text);
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
  if (running >= MAX_CONCURRENT_AUDITS) {
    return problemResponse({
      code: 'busy',
      message: `${MAX_CONCURRENT_AUDITS} audits are already running.`,
      hint: 'Wait for one to finish, or cancel one.',
    });
  }

  const target = targetFromRequest(parsed.data);
  const cancel = new AbortController();
  const onClientGone = (): void => {
    cancel.abort();
  };
  request.signal.addEventListener('abort', onClientGone, { once: true });
  running += 1;
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
        ...(parsed.data.timeoutMs === undefined ? {} : { timeoutMs: parsed.data.timeoutMs }),
      })
        .then((report) => {
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
          running -= 1;
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
