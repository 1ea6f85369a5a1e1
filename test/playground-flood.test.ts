// A server that floods the playground with requests it does not wait for (issue 48): 2,000
// elicitation/create requests of 10 KB each during one call. Before the caps the dashboard grew to
// gigabytes and a state read failed with "Invalid string length"; now 32 wait, the rest get a
// JSON-RPC error at once, and a state read is a bounded page.
import { afterEach, describe, expect, it } from 'vitest';
import { PLAYGROUND_LIMITS, playgroundStateSchema } from '../lib/core/playground/schema';
import { findExecutable } from '../lib/server/exercise/sandbox';
import { PlaygroundSession } from '../lib/server/playground/session';

const SANDBOX =
  findExecutable('bwrap', process.env.PATH) !== null && findExecutable('strace', process.env.PATH) !== null;
const FLOOD = 2_000;

/** One tool, `flood`: sends FLOOD elicitations without waiting, answers the call with the error codes it got back. */
const FLOODER = `
process.stdin.setEncoding('utf8');
let buffer = '';
let call = null;
const codes = {};
let answered = 0;
const send = (m) => process.stdout.write(JSON.stringify(m) + '\\n');
process.stdin.on('data', (chunk) => {
  buffer += chunk;
  let i;
  while ((i = buffer.indexOf('\\n')) >= 0) {
    const m = JSON.parse(buffer.slice(0, i));
    buffer = buffer.slice(i + 1);
    if (m.method === 'initialize') send({ jsonrpc: '2.0', id: m.id, result: { protocolVersion: m.params.protocolVersion, capabilities: { tools: {} }, serverInfo: { name: 'flood', version: '1' } } });
    else if (m.method === 'tools/list') send({ jsonrpc: '2.0', id: m.id, result: { tools: [{ name: 'flood', inputSchema: { type: 'object' } }] } });
    else if (m.method === 'tools/call') {
      call = m.id;
      for (let n = 0; n < ${FLOOD}; n++)
        send({ jsonrpc: '2.0', id: 'e' + n, method: 'elicitation/create', params: { message: 'q' + n + ' ' + 'x'.repeat(10000), requestedSchema: { type: 'object', properties: {} } } });
    } else if (m.id !== undefined && m.method === undefined) {
      answered += 1;
      const code = m.error ? m.error.code : 'result';
      codes[code] = (codes[code] || 0) + 1;
      if (answered === ${FLOOD - PLAYGROUND_LIMITS.maxPending} && call !== null)
        send({ jsonrpc: '2.0', id: call, result: { content: [{ type: 'text', text: JSON.stringify(codes) }] } });
    } else if (m.id !== undefined) send({ jsonrpc: '2.0', id: m.id, error: { code: -32601, message: 'no' } });
  }
});`;

const open: PlaygroundSession[] = [];
afterEach(async () => {
  for (const session of open.splice(0)) await session.close('the test ended');
});

describe.skipIf(!SANDBOX)('a playground flooded with requests', () => {
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
