import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { readNdjson } from './read-ndjson';

const eventSchema = z.object({ type: z.literal('n'), n: z.number() });

function body(chunks: string[]): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
      controller.close();
    },
  });
}

describe('readNdjson: the one reader of the dashboard NDJSON answers', () => {
  it('delivers events split across chunks and a last line without a newline', async () => {
    const events: number[] = [];
    const invalid: string[] = [];
    await readNdjson(body(['{"type":"n",', '"n":1}\n\n{"type":"n","n":2}\n{"type":', '"n","n":3}']), eventSchema, {
      onEvent: (event) => events.push(event.n),
      onInvalidLine: (line) => invalid.push(line),
    });
    expect(events).toEqual([1, 2, 3]);
    expect(invalid).toEqual([]);
  });

  it('hands every line that is not JSON or not a valid event to onInvalidLine, and goes on', async () => {
    const events: number[] = [];
    const invalid: string[] = [];
    await readNdjson(body(['not json\n{"type":"n","n":"one"}\n{"type":"n","n":4}\n']), eventSchema, {
      onEvent: (event) => events.push(event.n),
      onInvalidLine: (line) => invalid.push(line),
    });
    expect(events).toEqual([4]);
    expect(invalid).toEqual(['not json', '{"type":"n","n":"one"}']);
  });
});
