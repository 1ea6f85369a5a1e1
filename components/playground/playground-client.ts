/**
 * The page's side of the playground API (lib/core/playground/schema.ts): start, one call, the state
 * (pending requests, the log), an answer, the end; each with the page's token, each answer checked
 * with the contract's schema. A session that is gone (404, 410) is said as such, so the panel can say
 * it ended and offer to start again. endOnLeave ends it while the page goes (fetch keepalive: a
 * beacon cannot carry the Authorization header).
 */
import {
  playgroundCallResultSchema,
  playgroundStartedSchema,
  playgroundStateSchema,
  type PlaygroundAnswer,
  type PlaygroundCallRequest,
  type PlaygroundCallResult,
  type PlaygroundStart,
  type PlaygroundStarted,
  type PlaygroundState,
} from '@/lib/core/playground/schema';
import {
  playgroundCompletionSchema,
  playgroundSessionListSchema,
  playgroundSubscriptionSchema,
  type PlaygroundComplete,
  type PlaygroundCompletion,
  type PlaygroundSessionList,
  type PlaygroundSubscribe,
  type PlaygroundSubscription,
} from '@/lib/core/playground/conveniences';
import { z } from 'zod';
import { problemFromResponse } from '@/components/session/problem-from-response';
import { apiFetch } from '@/components/session/api-fetch';

export type ApiAnswer<T> =
  | { ok: true; value: T }
  /** `gone`: the session is not there any more (404) or has ended (410). */
  | { ok: false; gone: boolean; busy: boolean; message: string };

const BASE = '/api/playground';

async function send<T>(
  path: string,
  init: { method: 'GET' | 'POST' | 'DELETE'; body?: unknown; keepalive?: boolean },
  schema: z.ZodType<T> | null,
): Promise<ApiAnswer<T | null>> {
  let response: Response;
  try {
    response = await apiFetch(`${BASE}${path}`, {
      method: init.method,
      headers: {
        Accept: 'application/json',
        ...(init.body === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
      ...(init.keepalive === true ? { keepalive: true } : {}),
    });
  } catch (error) {
    return {
      ok: false,
      gone: false,
      busy: false,
      message: `The dashboard could not be reached: ${error instanceof Error ? error.message : String(error)}`,
    };
  }
  if (!response.ok) {
    const problem = await problemFromResponse(response);
    return {
      ok: false,
      gone: response.status === 404 || response.status === 410,
      busy: response.status === 409,
      message: `${problem.message}${problem.hint === undefined ? '' : ` ${problem.hint}`}`,
    };
  }
  if (schema === null || response.status === 204) return { ok: true, value: null };
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    return { ok: false, gone: false, busy: false, message: 'The dashboard answered with something that is not JSON.' };
  }
  const parsed = schema.safeParse(body);
  return parsed.success
    ? { ok: true, value: parsed.data }
    : { ok: false, gone: false, busy: false, message: 'The dashboard answered in a shape this page does not know.' };
}

/** A typed answer: the request's value is never null when a schema was given. */
async function sendFor<T>(
  path: string,
  init: { method: 'GET' | 'POST' | 'DELETE'; body?: unknown },
  schema: z.ZodType<T>,
): Promise<ApiAnswer<T>> {
  const answer = await send(path, init, schema);
  if (!answer.ok) return answer;
  return answer.value === null
    ? { ok: false, gone: false, busy: false, message: 'The dashboard answered without a body.' }
    : { ok: true, value: answer.value };
}

const at = (id: string): string => `/${encodeURIComponent(id)}`;

export function startPlayground(start: PlaygroundStart): Promise<ApiAnswer<PlaygroundStarted>> {
  return sendFor('', { method: 'POST', body: start }, playgroundStartedSchema);
}

export function callPlayground(id: string, request: PlaygroundCallRequest): Promise<ApiAnswer<PlaygroundCallResult>> {
  return sendFor(at(id), { method: 'POST', body: request }, playgroundCallResultSchema);
}

/** The state with log entries after `after` (a seq). */
export function readPlaygroundState(id: string, after: number): Promise<ApiAnswer<PlaygroundState>> {
  return sendFor(`${at(id)}?after=${String(after)}`, { method: 'GET' }, playgroundStateSchema);
}

export async function answerPending(id: string, answer: PlaygroundAnswer): Promise<ApiAnswer<null>> {
  return send(`${at(id)}/answer`, { method: 'POST', body: answer }, null);
}

export async function endPlayground(id: string): Promise<ApiAnswer<null>> {
  return send(at(id), { method: 'DELETE' }, null);
}

/** Ends the session as the page goes (pagehide, the panel unmounted): nothing waits for the answer. */
export function endOnLeave(id: string): void {
  void send(at(id), { method: 'DELETE', keepalive: true }, null);
}

/** completion/complete for a prompt's argument or a template's variable (issue 49). */
export function completePlayground(id: string, request: PlaygroundComplete): Promise<ApiAnswer<PlaygroundCompletion>> {
  return sendFor(`${at(id)}/complete`, { method: 'POST', body: request }, playgroundCompletionSchema);
}

const subscriptionsSchema = z.object({ subscriptions: z.array(playgroundSubscriptionSchema) });

/** Subscribes to a resource's updates, or unsubscribes; every subscription after the change. */
export async function subscribePlayground(
  id: string,
  request: PlaygroundSubscribe,
): Promise<ApiAnswer<PlaygroundSubscription[]>> {
  const answer = await sendFor(`${at(id)}/subscription`, { method: 'POST', body: request }, subscriptionsSchema);
  return answer.ok ? { ok: true, value: answer.value.subscriptions } : answer;
}

/** The sessions running on this dashboard (one whose tab is gone can be ended from here). */
export function listPlaygrounds(): Promise<ApiAnswer<PlaygroundSessionList>> {
  return sendFor('', { method: 'GET' }, playgroundSessionListSchema);
}
