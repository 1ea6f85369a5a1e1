/**
 * The dashboard's one reader of an NDJSON answer (audits, exercises, "Your servers" batches): each
 * line is parsed and checked with the event's zod schema as the body streams; a line that is not
 * JSON or not a valid event goes to onInvalidLine (never dropped silently). A report line can be
 * megabytes long: the pieces of the unfinished line are kept and joined once, instead of rescanning
 * a growing string for every chunk.
 */
import type { ZodType } from 'zod';

export interface NdjsonHandlers<Event> {
  onEvent: (event: Event) => void;
  /** A line that is not JSON, or not a valid event (skipped). */
  onInvalidLine: (line: string) => void;
}

export async function readNdjson<Event>(
  body: ReadableStream<Uint8Array>,
  schema: ZodType<Event>,
  handlers: NdjsonHandlers<Event>,
): Promise<void> {
  const handleLine = (line: string): void => {
    const trimmed = line.trim();
    if (trimmed === '') return;
    let json: unknown;
    try {
      json = JSON.parse(trimmed);
    } catch {
      handlers.onInvalidLine(trimmed);
      return;
    }
    const parsed = schema.safeParse(json);
    if (parsed.success) handlers.onEvent(parsed.data);
    else handlers.onInvalidLine(trimmed);
  };

  const reader = body.getReader();
  const decoder = new TextDecoder();
  let pending: string[] = [];
  for (;;) {
    const { done, value } = await reader.read();
    const chunk = done ? decoder.decode() : decoder.decode(value, { stream: true });
    let start = 0;
    let newline = chunk.indexOf('\n', start);
    while (newline !== -1) {
      pending.push(chunk.slice(start, newline));
      handleLine(pending.join(''));
      pending = [];
      start = newline + 1;
      newline = chunk.indexOf('\n', start);
    }
    if (start < chunk.length) pending.push(chunk.slice(start));
    if (done) break;
  }
  if (pending.length > 0) handleLine(pending.join(''));
}
