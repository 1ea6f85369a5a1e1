// The playground's HTTP handlers (issue 37) called directly with Request objects, against a real
// sandbox and the playground fixture: start (the command line confirmed), call, state with after,
// answer, session-busy 409, session-ended 410, session-not-found 404, the sessions cap 429, bad
// bodies 400 with their messages, and DELETE leaving no process behind.
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { commandLineText } from '../lib/core/command-line';
import {
  playgroundCallResultSchema,
  playgroundStartedSchema,
  playgroundStateSchema,
  type PlaygroundStarted,
} from '../lib/core/playground/schema';
import { findExecutable } from '../lib/server/exercise/sandbox';
import {
  handlePlaygroundAnswer,
  handlePlaygroundCall,
  handlePlaygroundEnd,
  handlePlaygroundStart,
  handlePlaygroundState,
} from '../lib/server/http/playground-api';
import { closeAllPlaygrounds } from '../lib/server/playground/registry';
import { bodyCapFor } from '../lib/server/http/request-body';
import { waitGone } from './helpers';

const FIXTURE = fileURLToPath(new URL('./fixtures/playground/playground-server.mjs', import.meta.url));
const SANDBOX =
  findExecutable('bwrap', process.env.PATH) !== null && findExecutable('strace', process.env.PATH) !== null;
const BASE = 'http://127.0.0.1:3100/api/playground';

const target = { transport: 'stdio' as const, command: process.execPath, args: [FIXTURE] };
const confirmed = commandLineText(target);

function post(url: string, body: unknown, type = 'application/json'): Request {
  return new Request(url, {
    method: 'POST',
    headers: { 'content-type': type },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

async function errorOf(response: Response): Promise<{ code: string; message: string; hint?: string }> {
  return ((await response.json()) as { error: { code: string; message: string; hint?: string } }).error;
}

async function startOne(): Promise<PlaygroundStarted> {
  const response = await handlePlaygroundStart(post(BASE, { target, confirmedCommand: confirmed }));
  expect(response.status).toBe(201);
  return playgroundStartedSchema.parse(await response.json());
}

const state = (id: string, after?: number): Response =>
  handlePlaygroundState(new Request(`${BASE}/${id}${after === undefined ? '' : `?after=${after}`}`), id);

async function waitPending(id: string) {
  for (let i = 0; i < 600; i += 1) {
    const parsed = playgroundStateSchema.parse(await state(id).json());
    if (parsed.pending.length > 0) return parsed.pending;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('no request came');
}

afterAll(async () => {
  await closeAllPlaygrounds('the test ended');
});

describe('the playground routes’ body caps', () => {
  it('caps each templated path, and refuses a body elsewhere under it', () => {
    expect(bodyCapFor('POST', '/api/playground')).toBe(256 * 1024);
    expect(bodyCapFor('POST', '/api/playground/6f1c')).toBe(1024 * 1024);
    expect(bodyCapFor('POST', '/api/playground/6f1c/answer')).toBe(256 * 1024);
    expect(bodyCapFor('POST', '/api/playground/6f1c/other')).toBe(0);
    expect(bodyCapFor('DELETE', '/api/playground/6f1c')).toBe(0);
    expect(bodyCapFor('GET', '/api/playground/6f1c')).toBe(0);
  });
});

describe.skipIf(!SANDBOX)('the playground API', () => {
  it('refuses bad starts with clear messages and starts nothing', async () => {
    const wrong = await handlePlaygroundStart(post(BASE, { target, confirmedCommand: 'node other.js' }));
    expect(wrong.status).toBe(400);
    expect((await errorOf(wrong)).message).toBe(
      'The command line confirmed is not the one that would run; nothing was started.',
    );
    const notJson = await handlePlaygroundStart(post(BASE, '{nope'));
    expect(notJson.status).toBe(400);
    expect((await errorOf(notJson)).message).toBe('The request body is not valid JSON.');
    const hosted = await handlePlaygroundStart(
      post(BASE, { target: { transport: 'http', url: 'http://127.0.0.1:1/' }, confirmedCommand: '' }),
    );
    expect(hosted.status).toBe(400);
    expect((await errorOf(hosted)).message).toMatch(/^The playground request is not valid: /);
    const text = await handlePlaygroundStart(post(BASE, 'x', 'text/plain'));
    expect(text.status).toBe(415);
  });

  it('starts, calls, answers, polls the log after a seq, refuses a busy call, then ends with no process left', async () => {
    const started = await startOne();
    const { id } = started;
    expect(started.command).toBe(confirmed);
    expect(started.surface.tools.map((tool) => tool.name)).toContain('ask_user');

    const called = await handlePlaygroundCall(
      post(`${BASE}/${id}`, { method: 'tools/call', name: 'read_note', arguments: { name: 'a' } }),
      id,
    );
    expect(called.status).toBe(200);
    const result = playgroundCallResultSchema.parse(await called.json());
    expect(result.outcome).toBe('ok');
    expect(result.behaviour?.status).toBe('inconclusive');

    const all = playgroundStateSchema.parse(await state(id).json());
    expect(all.log.length).toBeGreaterThan(4);
    expect(all.calls).toBe(1);
    const last = all.log.at(-1)?.seq ?? 0;
    expect(playgroundStateSchema.parse(await state(id, last).json()).log).toEqual([]);
    expect(playgroundStateSchema.parse(await state(id, last - 1).json()).log.map((e) => e.seq)).toEqual([last]);
    const badAfter = handlePlaygroundState(new Request(`${BASE}/${id}?after=-1`), id);
    expect(badAfter.status).toBe(400);

    const huge = await handlePlaygroundCall(
      post(`${BASE}/${id}`, { method: 'resources/read', uri: 'x'.repeat(1024 * 1024 + 1) }),
      id,
    );
    expect(huge.status).toBe(413);
    const badCall = await handlePlaygroundCall(post(`${BASE}/${id}`, { method: 'tools/list' }), id);
    expect(badCall.status).toBe(400);
    expect((await errorOf(badCall)).message).toMatch(/^The call is not valid: /);
    const unlisted = await handlePlaygroundCall(
      post(`${BASE}/${id}`, { method: 'tools/call', name: 'nope', arguments: {} }),
      id,
    );
    expect(unlisted.status).toBe(400);
    expect((await errorOf(unlisted)).message).toBe('The server does not list a tool named "nope".');

    const inFlight = handlePlaygroundCall(
      post(`${BASE}/${id}`, { method: 'tools/call', name: 'ask_user', arguments: {} }),
      id,
    );
    const [elicitation] = await waitPending(id);
    const busy = await handlePlaygroundCall(
      post(`${BASE}/${id}`, { method: 'resources/read', uri: 'note://welcome' }),
      id,
    );
    expect(busy.status).toBe(409);
    expect((await errorOf(busy)).code).toBe('session-busy');
    const busyState = playgroundStateSchema.parse(await state(id).json());
    expect(busyState.busy).toEqual({ method: 'tools/call', target: 'ask_user' });

    const unknown = await handlePlaygroundAnswer(
      post(`${BASE}/${id}/answer`, { requestId: 'r999', method: 'elicitation/create', action: 'cancel' }),
      id,
    );
    expect(unknown.status).toBe(400);
    expect((await errorOf(unknown)).message).toBe('No request "r999" is waiting for an answer.');
    const badAnswer = await handlePlaygroundAnswer(post(`${BASE}/${id}/answer`, { requestId: 'x' }), id);
    expect(badAnswer.status).toBe(400);
    const answered = await handlePlaygroundAnswer(
      post(`${BASE}/${id}/answer`, {
        requestId: elicitation?.requestId,
        method: 'elicitation/create',
        action: 'decline',
      }),
      id,
    );
    expect(answered.status).toBe(204);
    const [sampling] = await waitPending(id);
    expect(sampling?.method).toBe('sampling/createMessage');
    await handlePlaygroundAnswer(
      post(`${BASE}/${id}/answer`, {
        requestId: sampling?.requestId,
        method: 'sampling/createMessage',
        action: 'decline',
      }),
      id,
    );
    const asked = playgroundCallResultSchema.parse(await (await inFlight).json());
    expect(JSON.stringify(asked.result)).toContain('"action\\":\\"decline\\"');
    expect(JSON.stringify(asked.result)).toContain('error -1');
    expect(asked.serverRequests.map((request) => request.answer)).toEqual(['result', 'error']);

    const pid = (await import('../lib/server/playground/registry')).livePlayground(id).pid;
    expect(pid).not.toBeNull();
    const ended = await handlePlaygroundEnd(id);
    expect(ended.status).toBe(204);
    expect(await waitGone(pid === null ? [] : [pid])).toEqual([]);
    const after = await handlePlaygroundCall(
      post(`${BASE}/${id}`, { method: 'resources/read', uri: 'note://welcome' }),
      id,
    );
    expect(after.status).toBe(410);
    expect((await errorOf(after)).message).toBe('This playground session has ended: ended by the user.');
    const endedState = playgroundStateSchema.parse(await state(id).json());
    expect(endedState.ended?.reason).toBe('ended by the user');
    expect((await handlePlaygroundEnd(id)).status).toBe(204);
  });

  it('answers 404 for an unknown id and 429 past the cap of sessions', async () => {
    const missing = state('no-such-id');
    expect(missing.status).toBe(404);
    expect((await errorOf(missing)).code).toBe('session-not-found');
    expect((await handlePlaygroundEnd('no-such-id')).status).toBe(404);
    const call = await handlePlaygroundCall(post(`${BASE}/x`, { method: 'resources/read', uri: 'a' }), 'x');
    expect(call.status).toBe(404);

    const first = await startOne();
    const second = await startOne();
    const third = await handlePlaygroundStart(post(BASE, { target, confirmedCommand: confirmed }));
    expect(third.status).toBe(429);
    expect((await errorOf(third)).message).toBe(
      '2 playground sessions are already running, the most this dashboard runs at once.',
    );
    await handlePlaygroundEnd(first.id);
    await handlePlaygroundEnd(second.id);
    const again = await startOne();
    await handlePlaygroundEnd(again.id);
  });
});
