/**
 * A streamed NDJSON answer (application/x-ndjson): one JSON event per line, sent as the work
 * produces it. The work is cancelled when the client goes away (the request's signal, or the
 * stream's cancel); events after that are dropped. The audit and batch routes answer this way.
 */
// Event is named by each route (AuditEvent, ServersEvent) so what it sends is type-checked there.
// eslint-disable-next-line @typescript-eslint/no-unnecessary-type-parameters
export function ndjsonResponse<Event>(
  request: Request,
  /** Turns its own failures into events; a rejection ends the stream without one. */
  work: (send: (event: Event) => void, signal: AbortSignal) => Promise<void>,
  /** Runs once, when the work is over (a concurrency slot is released here). */
  onDone: () => void = () => undefined,
): Response {
  const cancel = new AbortController();
  const onClientGone = (): void => {
    cancel.abort();
  };
  request.signal.addEventListener('abort', onClientGone, { once: true });
  const encoder = new TextEncoder();
  let closed = false;
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      const send = (event: Event): void => {
        if (closed) return;
        try {
          controller.enqueue(encoder.encode(`${JSON.stringify(event)}\n`));
        } catch {
          closed = true;
        }
      };
      work(send, cancel.signal)
        .catch(() => undefined)
        .finally(() => {
          onDone();
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
