/**
 * The JSON body of a dashboard API request, or the problem answer to send instead: a body that is
 * not declared as JSON (415), too large for the route (413, counted while it streams;
 * request-body.ts), or not JSON at all (400). The routes then validate it with their own schema.
 */
import type { Problem } from '../../core/problems';
import { problemResponse } from './problem-response';
import { BODY_TOO_LARGE, bodyCapFor, readBodyCapped } from './request-body';

export type JsonRequest = { ok: true; body: unknown } | { ok: false; response: Response };

export async function readJsonRequest(
  request: Request,
  path: string,
  /** What the route wants, for the messages: "the target", "the choice", `{"url": "..."}`. */
  what: string,
  tooLargeHint?: string,
): Promise<JsonRequest> {
  const refuse = (problem: Problem): JsonRequest => ({ ok: false, response: problemResponse(problem) });
  if (!/^application\/json\b/i.test(request.headers.get('content-type') ?? '')) {
    return refuse({
      code: 'unsupported-media-type',
      message: `Send ${what} as JSON (Content-Type: application/json).`,
    });
  }
  const read = await readBodyCapped(request, bodyCapFor('POST', path));
  if (!read.ok) {
    return refuse({
      code: 'request-too-large',
      message: BODY_TOO_LARGE,
      ...(tooLargeHint === undefined ? {} : { hint: tooLargeHint }),
    });
  }
  try {
    return { ok: true, body: JSON.parse(read.text) as unknown };
  } catch {
    return refuse({ code: 'bad-input', message: 'The request body is not valid JSON.' });
  }
}
