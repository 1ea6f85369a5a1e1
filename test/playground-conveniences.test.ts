// The playground's conveniences (issue 49) through their HTTP handlers, against the published
// server-everything in a real sandbox: its declared features, completion of a prompt's argument
// (with the first argument as context) and of a template's variable, a subscription that counts the
// updates the server sends and stops counting once unsubscribed, the list of live sessions with End;
// and the fixture, which declares neither: a clear 400 for each.
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { commandLineText } from '../lib/core/command-line';
import {
  playgroundCompletionSchema,
  playgroundSessionListSchema,
  playgroundSubscriptionSchema,
} from '../lib/core/playground/conveniences';
import { playgroundStartedSchema, playgroundStateSchema, type PlaygroundStarted } from '../lib/core/playground/schema';
import { findExecutable } from '../lib/server/exercise/sandbox';
import { handlePlaygroundEnd, handlePlaygroundStart, handlePlaygroundState } from '../lib/server/http/playground-api';
import {
  handlePlaygroundComplete,
  handlePlaygroundList,
  handlePlaygroundSubscription,
} from '../lib/server/http/playground-conveniences-api';
import { bodyCapFor } from '../lib/server/http/request-body';
import { closeAllPlaygrounds } from '../lib/server/playground/registry';
import { ROOT } from './helpers';

const FIXTURE = fileURLToPath(new URL('./fixtures/playground/playground-server.mjs', import.meta.url));
const EVERYTHING = join(ROOT, 'node_modules/@modelcontextprotocol/server-everything/dist/index.js');
const SANDBOX =
  findExecutable('bwrap', process.env.PATH) !== null && findExecutable('strace', process.env.PATH) !== null;
const BASE = 'http://127.0.0.1:3100/api/playground';

const post = (url: string, body: unknown): Request =>
  new Request(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

async function startOn(args: string[]): Promise<PlaygroundStarted> {
  const target = { transport: 'stdio' as const, command: process.execPath, args };
  const response = await handlePlaygroundStart(post(BASE, { target, confirmedCommand: commandLineText(target) }));
  expect(response.status).toBe(201);
  return playgroundStartedSchema.parse(await response.json());
}

const complete = (id: string, body: unknown): Promise<Response> =>
  handlePlaygroundComplete(post(`${BASE}/${id}/complete`, body), id);
const subscribe = (id: string, uri: string, on: boolean): Promise<Response> =>
  handlePlaygroundSubscription(post(`${BASE}/${id}/subscription`, { uri, subscribe: on }), id);

async function subscriptionsOf(id: string) {
  const state = handlePlaygroundState(new Request(`${BASE}/${id}?after=999999999999999`), id);
  return playgroundStateSchema.parse(await state.json()).subscriptions;
}

const errorOf = async (response: Response): Promise<{ code: string; message: string }> =>
  ((await response.json()) as { error: { code: string; message: string } }).error;

afterAll(async () => {
  await closeAllPlaygrounds('the test ended');
});

describe('the conveniences’ body caps', () => {
  it('caps completion and subscription bodies under their templates', () => {
    expect(bodyCapFor('POST', '/api/playground/6f1c/complete')).toBe(256 * 1024);
    expect(bodyCapFor('POST', '/api/playground/6f1c/subscription')).toBe(16 * 1024);
    expect(bodyCapFor('GET', '/api/playground')).toBe(0);
  });
});

describe.skipIf(!SANDBOX)('the playground’s conveniences on server-everything', () => {
  it('completes, subscribes and counts updates, lists the session and ends it from the list', async () => {
    const started = await startOn([EVERYTHING, 'stdio']);
    const { id } = started;
    expect(started.features).toEqual({ completions: true, subscribe: true });
    // Each tool with its place in the risk order of this listing and its worst flag (the picker shows both).
    const ranks = started.surface.tools.map((tool) => tool.rank).sort((a, b) => (a ?? 0) - (b ?? 0));
    expect(ranks).toEqual(started.surface.tools.map((_, i) => i + 1));
    const env = started.surface.tools.find((tool) => tool.name === 'get-env');
    expect(env).toMatchObject({ rank: 1, topFlag: { id: 'exposes-secrets', severity: 'high' } });
    // echo's only flag is the low missing-title (a top-level title, none in annotations.title).
    expect(started.surface.tools.find((tool) => tool.name === 'echo')?.topFlag).toMatchObject({
      id: 'missing-title',
      severity: 'low',
    });

    // A prompt's argument, then the second narrowed by the first (the spec's context.arguments).
    const department = await complete(id, {
      ref: { type: 'ref/prompt', name: 'completable-prompt' },
      argument: { name: 'department', value: 'S' },
    });
    expect(department.status).toBe(200);
    expect(playgroundCompletionSchema.parse(await department.json()).values).toEqual(['Sales', 'Support']);
    const name = await complete(id, {
      ref: { type: 'ref/prompt', name: 'completable-prompt' },
      argument: { name: 'name', value: '' },
      context: { arguments: { department: 'Sales' } },
    });
    expect(playgroundCompletionSchema.parse(await name.json()).values).toEqual(['David', 'Eve', 'Frank']);
    // A template's variable: its completer echoes a positive integer, refuses anything else.
    const template = started.surface.resourceTemplates.find((t) => t.uriTemplate.includes('/text/'));
    expect(template?.uriTemplate).toBe('demo://resource/dynamic/text/{resourceId}');
    const variable = await complete(id, {
      ref: { type: 'ref/resource', uri: template?.uriTemplate },
      argument: { name: 'resourceId', value: '12' },
    });
    expect(playgroundCompletionSchema.parse(await variable.json()).values).toEqual(['12']);
    const bad = await complete(id, { ref: { type: 'ref/prompt' }, argument: { name: 'x', value: '' } });
    expect(bad.status).toBe(400);
    expect((await errorOf(bad)).message).toMatch(/^The request is not valid: /);

    // A subscription: the updates come once the server is told to send them (toggle-subscriber-updates).
    const uri = started.surface.resources[0]?.uri ?? '';
    const subscribed = await subscribe(id, uri, true);
    expect(subscribed.status).toBe(200);
    const list = ((await subscribed.json()) as { subscriptions: unknown[] }).subscriptions;
    expect(list.map((s) => playgroundSubscriptionSchema.parse(s))).toEqual([
      expect.objectContaining({ uri, updates: 0, lastUpdateMs: null }),
    ]);
    const { handlePlaygroundCall } = await import('../lib/server/http/playground-api');
    const toggled = await handlePlaygroundCall(
      post(`${BASE}/${id}`, { method: 'tools/call', name: 'toggle-subscriber-updates', arguments: {} }),
      id,
    );
    expect(toggled.status).toBe(200);
    let counted = 0;
    for (let i = 0; i < 200 && counted === 0; i += 1) {
      counted = (await subscriptionsOf(id))[0]?.updates ?? 0;
      if (counted === 0) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(counted).toBeGreaterThan(0);
    expect((await subscriptionsOf(id))[0]?.lastUpdateMs).toBeGreaterThan(0);
    const unsubscribed = await subscribe(id, uri, false);
    expect(((await unsubscribed.json()) as { subscriptions: unknown[] }).subscriptions).toEqual([]);
    expect(await subscriptionsOf(id)).toEqual([]);

    // The list of live sessions names this one; End from it (DELETE) leaves it off the list.
    const live = playgroundSessionListSchema.parse(await handlePlaygroundList().json());
    expect(live.max).toBe(2);
    expect(live.sessions).toEqual([
      expect.objectContaining({ id, command: started.command, calls: 1, busy: false, server: started.server }),
    ]);
    expect((await handlePlaygroundEnd(id)).status).toBe(204);
    expect(playgroundSessionListSchema.parse(await handlePlaygroundList().json()).sessions).toEqual([]);
    expect(
      (await complete(id, { ref: { type: 'ref/prompt', name: 'p' }, argument: { name: 'a', value: '' } })).status,
    ).toBe(410);
  }, 120_000);

  it('refuses completion and subscriptions on a server that declares neither', async () => {
    const { id, features } = await startOn([FIXTURE]);
    expect(features).toEqual({ completions: false, subscribe: false });
    const completion = await complete(id, {
      ref: { type: 'ref/prompt', name: 'greet' },
      argument: { name: 'name', value: 'A' },
    });
    expect(completion.status).toBe(400);
    expect((await errorOf(completion)).message).toBe(
      'This server does not declare completions: it offers no argument completion.',
    );
    const subscription = await subscribe(id, 'note://welcome', true);
    expect(subscription.status).toBe(400);
    expect((await errorOf(subscription)).message).toBe('This server does not declare resource subscriptions.');
    expect((await handlePlaygroundEnd(id)).status).toBe(204);
  }, 60_000);
});
