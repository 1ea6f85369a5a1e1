// The playground's session (issue 37) with a real sandbox (bubblewrap + strace) and real servers:
// our fixture (a "read-only" tool that writes, a result with an instruction and a zero-width space,
// elicitation and sampling during a call, a resource, a template, a prompt), the published
// server-everything (sampling and elicitation answered by hand, the result reflecting the answer)
// and server-filesystem (a write shown as an effect with its evidence).
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { playgroundCallResultSchema, playgroundStartedSchema } from '../lib/core/playground/schema';
import { AuditError } from '../lib/server/errors';
import { findExecutable } from '../lib/server/exercise/sandbox';
import { PlaygroundSession } from '../lib/server/playground/session';
import { ROOT, waitGone } from './helpers';
import { inlineServer } from './inline-server';

const FIXTURE = fileURLToPath(new URL('./fixtures/playground/playground-server.mjs', import.meta.url));
const EVERYTHING = join(ROOT, 'node_modules/@modelcontextprotocol/server-everything/dist/index.js');
const FILESYSTEM = join(ROOT, 'node_modules/@modelcontextprotocol/server-filesystem/dist/index.js');
const SANDBOX =
  findExecutable('bwrap', process.env.PATH) !== null && findExecutable('strace', process.env.PATH) !== null;

/** A server of one tool, `bye`, that exits when called. */
const EXITS_ON_CALL = inlineServer(
  'bye',
  [{ name: 'bye', inputSchema: { type: 'object' } }],
  "if (m.method === 'tools/call') process.exit(0);",
);

const stdio = (args: string[]) => ({ transport: 'stdio' as const, command: process.execPath, args, env: [] });
const open: PlaygroundSession[] = [];
async function start(args: string[]): Promise<PlaygroundSession> {
  const session = await PlaygroundSession.start(stdio(args), { callerEnv: process.env });
  open.push(session);
  return session;
}

/** Waits until the session has a request waiting (the call is in flight meanwhile). */
async function pendingOf(session: PlaygroundSession, count = 1) {
  for (let i = 0; i < 600; i += 1) {
    const pending = session.state().pending;
    if (pending.length >= count) return pending;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('no request came');
}

const resultText = (result: unknown): string => JSON.stringify(result);

afterEach(async () => {
  for (const session of open.splice(0)) await session.close('the test ended');
});

describe.skipIf(!SANDBOX)('PlaygroundSession', () => {
  it('lists the fixture, judges a "read-only" write, flags the injected instruction and the hidden character', async () => {
    const session = await start([FIXTURE]);
    const started = playgroundStartedSchema.parse(session.started);
    expect(started.server).toEqual({ name: 'playground-fixture', version: '1.0.0' });
    expect(started.surface.tools.map((tool) => tool.name)).toEqual(['read_note', 'ask_user', 'wipe_notes']);
    expect(started.surface.tools[0]?.claims).toEqual(['read-only', 'closed-world']);
    expect(started.surface.tools[0]?.generatedArguments).toHaveProperty('name');
    expect(started.surface.resources).toEqual([{ uri: 'note://welcome', name: 'welcome', mimeType: 'text/plain' }]);
    expect(started.surface.resourceTemplates).toEqual([{ uriTemplate: 'note://{name}', name: 'note' }]);
    expect(started.surface.prompts).toEqual([{ name: 'greet', arguments: [{ name: 'name', required: true }] }]);
    expect(started.command).toContain('playground-server.mjs');

    const called = playgroundCallResultSchema.parse(
      await session.call({ method: 'tools/call', name: 'read_note', arguments: { name: 'welcome' } }),
    );
    expect(called.seq).toBe(1);
    expect(called.outcome).toBe('ok');
    const wrote = called.effects.find((effect) => effect.target.includes('playground-cache.txt'));
    expect(wrote?.evidence).toContain('playground-cache.txt');
    expect(called.changed.some((path) => path.includes('playground-cache.txt'))).toBe(true);
    expect(called.behaviour?.status).toBe('inconclusive');
    expect(called.behaviour?.summary).toContain('not re-run alone to confirm');
    expect(called.behaviour?.findings.map((finding) => finding.id)).toContain('readonly-wrote');
    const ids = called.inspection?.findings.map((finding) => finding.id) ?? [];
    expect(ids).toContain('result-hidden-characters');
    expect(ids).toContain('result-instructs-model');

    const read = await session.call({ method: 'resources/read', uri: 'note://welcome' });
    expect(read.outcome).toBe('ok');
    expect(read.behaviour).toBeNull();
    expect(resultText(read.result)).toContain('The note at note://welcome.');
    const prompt = await session.call({ method: 'prompts/get', name: 'greet', arguments: { name: 'Ada' } });
    expect(resultText(prompt.result)).toContain('Greet Ada.');
    expect(prompt.inspection?.blocks.length).toBeGreaterThan(0);

    const log = session.state().log;
    expect(log.some((entry) => entry.method === 'resources/read' && entry.kind === 'response')).toBe(true);
    const after = log.at(-2)?.seq ?? 0;
    expect(session.state(after).log.map((entry) => entry.seq)).toEqual(log.slice(-1).map((entry) => entry.seq));
    expect(session.state().calls).toBe(3);
  });

  it('holds a call while the user answers elicitation and sampling, refuses a second call, and ends cleanly', async () => {
    const session = await start([FIXTURE]);
    const call = session.call({ method: 'tools/call', name: 'ask_user', arguments: {} });
    const [elicitation] = await pendingOf(session);
    expect(elicitation?.method).toBe('elicitation/create');
    expect(resultText(elicitation?.params)).toContain('Which colour?');
    await expect(
      session.call({ method: 'tools/call', name: 'read_note', arguments: { name: 'x' } }),
    ).rejects.toMatchObject({
      code: 'session-busy',
    });
    expect(() => {
      session.answer({ requestId: 'nope', method: 'elicitation/create', action: 'cancel' });
    }).toThrow(AuditError);
    session.answer({
      requestId: elicitation?.requestId ?? '',
      method: 'elicitation/create',
      action: 'accept',
      content: { colour: 'teal' },
    });
    let sampling = await pendingOf(session);
    while (sampling[0]?.method !== 'sampling/createMessage') sampling = await pendingOf(session);
    session.answer({
      requestId: sampling[0].requestId,
      method: 'sampling/createMessage',
      action: 'accept',
      text: 'Bonjour',
    });
    const result = await call;
    expect(resultText(result.result)).toContain('teal');
    expect(resultText(result.result)).toContain('Bonjour');
    expect(resultText(result.result)).toContain('mcp-hintcheck-user');
    expect(result.serverRequests.map((request) => request.method)).toEqual([
      'elicitation/create',
      'sampling/createMessage',
    ]);
    await expect(session.call({ method: 'tools/call', name: 'no_such_tool', arguments: {} })).rejects.toMatchObject({
      code: 'bad-input',
    });

    // A call left waiting is ended by close: the elicitation is cancelled, nothing keeps running.
    const waiting = session.call({ method: 'tools/call', name: 'ask_user', arguments: {} });
    await pendingOf(session);
    const pid = session.pid;
    await session.close('the user ended it');
    const ended = await waiting;
    expect(['ok', 'server-exited']).toContain(ended.outcome);
    expect(session.state().ended?.reason).toBe('the user ended it');
    expect(session.state().pending).toEqual([]);
    expect(await waitGone(pid === null ? [] : [pid])).toEqual([]);
    await expect(session.call({ method: 'prompts/get', name: 'greet', arguments: {} })).rejects.toMatchObject({
      code: 'session-ended',
    });
  });

  it('server-everything: sampling and elicitation answered by hand, the results reflect the answers', async () => {
    const session = await start([EVERYTHING, 'stdio']);
    const names = session.started.surface.tools.map((tool) => tool.name);
    expect(names).toContain('trigger-sampling-request');
    expect(names).toContain('trigger-elicitation-request');

    const sampled = session.call({
      method: 'tools/call',
      name: 'trigger-sampling-request',
      arguments: { prompt: 'a colour', maxTokens: 10 },
    });
    const [sampling] = await pendingOf(session);
    expect(sampling?.method).toBe('sampling/createMessage');
    expect(resultText(sampling?.params)).toContain('a colour');
    session.answer({
      requestId: sampling?.requestId ?? '',
      method: 'sampling/createMessage',
      action: 'accept',
      text: 'vermilion',
    });
    const samplingResult = await sampled;
    expect(samplingResult.outcome).toBe('ok');
    expect(resultText(samplingResult.result)).toContain('vermilion');
    expect(samplingResult.serverRequests).toMatchObject([{ method: 'sampling/createMessage', answer: 'result' }]);

    const elicited = session.call({ method: 'tools/call', name: 'trigger-elicitation-request', arguments: {} });
    const [elicitation] = await pendingOf(session);
    expect(elicitation?.method).toBe('elicitation/create');
    session.answer({
      requestId: elicitation?.requestId ?? '',
      method: 'elicitation/create',
      action: 'accept',
      content: { name: 'Ada Lovelace' },
    });
    const elicitationResult = await elicited;
    expect(resultText(elicitationResult.result)).toContain('Ada Lovelace');

    const declined = session.call({ method: 'tools/call', name: 'trigger-elicitation-request', arguments: {} });
    const [again] = await pendingOf(session);
    session.answer({ requestId: again?.requestId ?? '', method: 'elicitation/create', action: 'decline' });
    expect(resultText((await declined).result)).toContain('declined');

    const log = session.state().log;
    expect(
      log.some((entry) => entry.method === 'sampling/createMessage' && entry.direction === 'server-to-client'),
    ).toBe(true);
    expect(
      log.some(
        (entry) =>
          entry.method === 'sampling/createMessage' && entry.kind === 'response' && entry.json.includes('vermilion'),
      ),
    ).toBe(true);
  });

  it('server-filesystem: a write shows as an effect with its evidence', async () => {
    const session = await start([FILESYSTEM, '.']);
    const result = await session.call({
      method: 'tools/call',
      name: 'write_file',
      arguments: { path: '/tmp/work/playground-note.txt', content: 'hello' },
    });
    expect(result.outcome).toBe('ok');
    const write = result.effects.find((effect) => effect.target.includes('playground-note.txt'));
    expect(write?.kind).toMatch(/create|write|rename|overwrite/);
    expect(write?.evidence).toContain('playground-note.txt');
    expect(result.changed.some((path) => path.includes('playground-note.txt'))).toBe(true);
    expect(result.behaviour?.claims).not.toContain('read-only');

    const read = await session.call({
      method: 'tools/call',
      name: 'read_text_file',
      arguments: { path: '/tmp/work/playground-note.txt' },
    });
    expect(resultText(read.result)).toContain('hello');
    expect(
      read.effects.filter((effect) => effect.target.includes('playground-note.txt') && effect.kind !== 'changed'),
    ).toEqual([]);
  });

  it('ends by itself after the idle limit, and when its server exits, saying why', async () => {
    const idle = await PlaygroundSession.start(stdio([FIXTURE]), { callerEnv: process.env, idleMs: 200 });
    open.push(idle);
    const pid = idle.pid;
    for (let i = 0; i < 200 && idle.ended === null; i += 1) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(idle.state().ended?.reason).toBe('no call or answer for 200 ms (the idle limit)');
    expect(await waitGone(pid === null ? [] : [pid])).toEqual([]);

    const ended: string[] = [];
    const exiting = await PlaygroundSession.start(stdio(['-e', EXITS_ON_CALL]), {
      callerEnv: process.env,
      onEnded: (reason) => ended.push(reason),
    });
    open.push(exiting);
    const result = await exiting.call({ method: 'tools/call', name: 'bye', arguments: {} });
    expect(result.outcome).toBe('server-exited');
    for (let i = 0; i < 100 && ended.length === 0; i += 1) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(ended).toEqual(['the server exited']);
    expect(exiting.state().ended?.reason).toBe('the server exited');
  });

  it('a result past the size limit ends the session and says so', async () => {
    const session = await PlaygroundSession.start(
      { ...stdio([FIXTURE]), env: [{ name: 'PLAYGROUND_HUGE', value: '1' }] },
      { callerEnv: process.env },
    );
    open.push(session);
    const result = await session.call({ method: 'tools/call', name: 'read_note', arguments: { name: 'x' } });
    expect(result.outcome).toBe('server-exited');
    expect(result.result).toBeNull();
    for (let i = 0; i < 100 && session.ended === null; i += 1) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(session.state().ended?.reason).toBe(
      'the server was stopped: The server sent a message larger than 4.0 MiB.',
    );
  });
});
