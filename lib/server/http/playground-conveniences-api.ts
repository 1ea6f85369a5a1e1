/**
 * The playground's conveniences over HTTP (issue 49; the shapes are lib/core/playground/conveniences.ts),
 * under the dashboard's access rules (token, Host, Origin: lib/server/dashboard/dashboard.ts):
 * - POST /api/playground/{id}/complete      completion/complete → PlaygroundCompletion
 * - POST /api/playground/{id}/subscription  {uri, subscribe} → {subscriptions}
 * - GET  /api/playground                    the live sessions (to end one whose tab is gone)
 * Problems: session-not-found 404, session-ended 410, bad-input 400 (also: the server did not declare
 * the capability), timeout, protocol-error (the server refused).
 */
import type { z } from 'zod';
import { describeIssues } from '../../core/api/audit-request';
import { playgroundCompleteSchema, playgroundSubscribeSchema } from '../../core/playground/conveniences';
import { problemOf } from '../errors';
import { livePlayground, livePlaygrounds } from '../playground/registry';
import type { PlaygroundSession } from '../playground/session';
import { readJsonRequest } from './json-request';
import { problemResponse } from './problem-response';

const NO_STORE = { 'Cache-Control': 'no-store' };

/** The live session, the body read against `schema`, then `run`; every failure as its problem. */
async function withSession<T>(
  request: Request,
  id: string,
  route: string,
  schema: z.ZodType<T>,
  usage: string,
  run: (session: PlaygroundSession, body: T) => Promise<unknown>,
): Promise<Response> {
  let session;
  try {
    session = livePlayground(id);
  } catch (error) {
    return problemResponse(problemOf(error, 'The request'));
  }
  const read = await readJsonRequest(request, route, 'the request');
  if (!read.ok) return read.response;
  const parsed = schema.safeParse(read.body);
  if (!parsed.success)
    return problemResponse({
      code: 'bad-input',
      message: `The request is not valid: ${describeIssues(parsed.error)}.`,
      hint: usage,
    });
  try {
    return Response.json(await run(session, parsed.data), { headers: NO_STORE });
  } catch (error) {
    return problemResponse(problemOf(error, 'The request'));
  }
}

export function handlePlaygroundComplete(request: Request, id: string): Promise<Response> {
  return withSession(
    request,
    id,
    '/api/playground/{id}/complete',
    playgroundCompleteSchema,
    'Send {ref: {type:"ref/prompt", name} or {type:"ref/resource", uri: the template}, argument: {name, value}, context?: {arguments: {}}}.',
    (session, body) => session.complete(body),
  );
}

export function handlePlaygroundSubscription(request: Request, id: string): Promise<Response> {
  return withSession(
    request,
    id,
    '/api/playground/{id}/subscription',
    playgroundSubscribeSchema,
    'Send {uri, subscribe: true} or {uri, subscribe: false}.',
    async (session, body) => ({ subscriptions: await session.subscribe(body) }),
  );
}

export function handlePlaygroundList(): Response {
  return Response.json(livePlaygrounds(), { headers: NO_STORE });
}
