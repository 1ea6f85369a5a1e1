/**
 * A minimal JSON-RPC client for the exercise (MCP 2025-06-18 lifecycle: initialize, then
 * notifications/initialized, then tools/call): the raw result of every call, untouched by an SDK's
 * result schemas, with a time limit per request. Requests from the server (sampling, roots,
 * elicitation) are answered "method not found": the exercise offers no client capability.
 */
import type { JSONRPCMessage } from '@modelcontextprotocol/client';
import type { ProcessGroupStdioTransport } from '../mcp/stdio-transport';

export type RpcAnswer =
  | { kind: 'result'; result: unknown; bytes: number }
  | { kind: 'error'; message: string }
  | { kind: 'timeout' }
  | { kind: 'closed' };

const PROTOCOL_VERSION = '2025-06-18';

export class ExerciseSession {
  private nextId = 1;
  private readonly waiting = new Map<number, (answer: RpcAnswer) => void>();
  private closed = false;

  constructor(private readonly transport: ProcessGroupStdioTransport) {
    transport.onmessage = (message) => {
      this.receive(message);
    };
    transport.onclose = () => {
      this.closed = true;
      for (const done of this.waiting.values()) done({ kind: 'closed' });
      this.waiting.clear();
    };
  }

  private receive(message: Record<string, unknown>): void {
    const id = message.id;
    if ('method' in message) {
      if (id !== undefined)
        void this.transport
          .send({
            jsonrpc: '2.0',
            id: id as number,
            error: { code: -32601, message: 'Not offered by mcp-hintcheck --exercise' },
          })
          .catch(() => undefined);
      return;
    }
    if (typeof id !== 'number') return;
    const done = this.waiting.get(id);
    if (done === undefined) return;
    this.waiting.delete(id);
    const error = message.error as { message?: unknown } | undefined;
    if (error !== undefined)
      done({ kind: 'error', message: typeof error.message === 'string' ? error.message : 'JSON-RPC error' });
    else done({ kind: 'result', result: message.result, bytes: JSON.stringify(message.result ?? null).length });
  }

  request(method: string, params: Record<string, unknown>, timeoutMs: number): Promise<RpcAnswer> {
    if (this.closed) return Promise.resolve({ kind: 'closed' });
    const id = this.nextId++;
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.waiting.delete(id);
        resolve({ kind: 'timeout' });
      }, timeoutMs);
      this.waiting.set(id, (answer) => {
        clearTimeout(timer);
        resolve(answer);
      });
      const message = { jsonrpc: '2.0', id, method, params } as JSONRPCMessage;
      this.transport.send(message).catch(() => {
        this.waiting.delete(id);
        clearTimeout(timer);
        resolve({ kind: 'closed' });
      });
    });
  }

  /** The lifecycle handshake; the server's answer or why it failed. */
  async initialize(version: string, timeoutMs: number): Promise<RpcAnswer> {
    await this.transport.start();
    const answer = await this.request(
      'initialize',
      { protocolVersion: PROTOCOL_VERSION, capabilities: {}, clientInfo: { name: 'mcp-hintcheck-exercise', version } },
      timeoutMs,
    );
    if (answer.kind === 'result')
      await this.transport.send({ jsonrpc: '2.0', method: 'notifications/initialized' }).catch(() => undefined);
    return answer;
  }
}
