// A server that floods the playground with requests it does not wait for (issue 48): 2,000
// elicitation/create requests of 10 KB each during one call. Before the caps the dashboard grew to
// gigabytes and a state read failed with "Invalid string length"; now 32 wait, the rest get a
// JSON-RPC error at once, and a state read is a bounded page.
import { afterEach, describe, expect, it } from 'vitest';
import { PLAYGROUND_LIMITS, playgroundStateSchema } from '../lib/core/playground/schema';
import { PlaygroundSession } from '../lib/server/playground/session';
import { inlineServer, SANDBOX_TOOLS } from './inline-server';

const FLOOD = 2_000;

/** One tool, `flood`: sends FLOOD elicitations without waiting, answers the call with the error codes it got back. */
const FLOODER = inlineServer(
  'flood',
  [{ name: 'flood', inputSchema: { type: 'object' } }],
  `
  if (m.method === 'tools/call') {
    globalThis.call = m.id;
    globalThis.codes = {};
    globalThis.answered = 0;
    for (let n = 0; n < ${FLOOD}; n++)
      send({ jsonrpc: '2.0', id: 'e' + n, method: 'elicitation/create', params: { message: 'q' + n + ' ' + 'x'.repeat(10000), requestedSchema: { type: 'object', properties: {} } } });
    return;
  }
  if (m.id !== undefined && m.method === undefined) {
    globalThis.answered += 1;
    const code = m.error ? m.error.code : 'result';
    globalThis.codes[code] = (globalThis.codes[code] || 0) + 1;
    if (globalThis.answered === ${FLOOD - PLAYGROUND_LIMITS.maxPending})
      send({ jsonrpc: '2.0', id: globalThis.call, result: { content: [{ type: 'text', text: JSON.stringify(globalThis.codes) }] } });
    return;
  }`,
);

const open: PlaygroundSession[] = [];
afterEach(async () => {
  for (const session of open.splice(0)) await session.close('the test ended');
});

describe.skipIf(!SANDBOX_TOOLS)('a playground flooded with requests', () => {
  it(`holds ${PLAYGROUND_LIMITS.maxPending}, refuses the rest with a JSON-RPC error, and reads its state in pages`, async () => {
    const session = await PlaygroundSession.start(
      { transport: 'stdio', command: process.execPath, args: ['-e', FLOODER], env: [] },
      { callerEnv: process.env },
    );
    open.push(session);
    const called = await session.call({ method: 'tools/call', name: 'flood', arguments: {} });
    expect(called.outcome).toBe('ok');
    const text = (called.result as { content: { text: string }[] }).content[0]?.text ?? '{}';
    expect(JSON.parse(text)).toEqual({ '-32600': FLOOD - PLAYGROUND_LIMITS.maxPending });
    const state = playgroundStateSchema.parse(JSON.parse(JSON.stringify(session.state())));
    expect(state.pendingCount).toBe(PLAYGROUND_LIMITS.maxPending);
    expect(state.pending).toHaveLength(PLAYGROUND_LIMITS.pendingPage);
    expect(state.logMore).toBe(true);
    expect(JSON.stringify(state).length).toBeLessThan(2 * PLAYGROUND_LIMITS.maxLogPageBytes);
    const last = Number(state.pending.at(-1)?.requestId.slice(1));
    expect(session.state(undefined, last).pending[0]?.requestId).toBe(`r${String(last + 1)}`);
  }, 120_000);
});
