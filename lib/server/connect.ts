/**
 * Connecting to an MCP server through the SDK's Client: stdio (our process-group transport),
 * Streamable HTTP, or legacy HTTP+SSE, with automatic fallback from the first to the second when a
 * POST initialize fails with 400, 404 or 405 (the spec's backwards-compatibility rule).
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { SSEClientTransport } from '@modelcontextprotocol/sdk/client/sse.js';
import { StreamableHTTPClientTransport, StreamableHTTPError } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { JSONRPCMessage, MessageExtraInfo } from '@modelcontextprotocol/sdk/types.js';
import { AuditError, tooLargeError } from './errors';
import { toAuditError } from './error-map';
import { redactUrl } from './redact';
import { ProcessGroupStdioTransport } from './stdio-transport';
import type { AuditTargetSpec } from './target-spec';
import { PRODUCT_NAME } from '../core/product';
import type { HostedTransport, WireTransport } from '../core/transports';

export type TransportKind = WireTransport;

/** The initialize result exactly as the server sent it. */
export interface RawInitialize {
  protocolVersion?: unknown;
  serverInfo?: unknown;
  capabilities?: unknown;
  instructions?: unknown;
}

/** Wraps a transport to see the wire: the raw initialize result, and each message's size. */
export class ObservedTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage, extra?: MessageExtraInfo) => void;
  initialize: RawInitialize | null = null;
  private initializeId: string | number | null = null;

  constructor(
    readonly inner: Transport,
    private readonly onStarted: () => void = () => undefined,
  ) {
    inner.onmessage = (message, extra) => {
      if (this.initialize === null && 'id' in message && message.id === this.initializeId && 'result' in message) {
        this.initialize = message.result as RawInitialize;
      }
      this.onmessage?.(message, extra);
    };
    inner.onerror = (error) => this.onerror?.(error);
    inner.onclose = () => this.onclose?.();
  }

  get sessionId(): string | undefined {
    return this.inner.sessionId;
  }

  async start(): Promise<void> {
    await this.inner.start();
    this.onStarted();
  }

  send(message: JSONRPCMessage): Promise<void> {
    if ('method' in message && message.method === 'initialize' && 'id' in message) this.initializeId = message.id;
    return this.inner.send(message);
  }

  close(): Promise<void> {
    return this.inner.close();
  }

  setProtocolVersion(version: string): void {
    this.inner.setProtocolVersion?.(version);
  }
}

export interface Connection {
  client: Client;
  kind: TransportKind;
  observed: ObservedTransport;
  stdio: ProcessGroupStdioTransport | null;
  close(): Promise<void>;
}

export interface ConnectOptions {
  signal: AbortSignal;
  timeoutMs: number;
  maxMessageBytes: number;
  clientVersion: string;
  onSpawned?: (pid: number | null) => void;
  fetch?: typeof fetch;
  /** Told when a response passes maxMessageBytes (the SDK may report it as something vaguer). */
  onTooLarge?: (error: AuditError) => void;
}

function newClient(version: string): Client {
  return new Client({ name: PRODUCT_NAME, version }, { capabilities: {} });
}

/** Connects through a stdio transport the caller made (so it keeps the exit code and stderr). */
export async function connectStdio(stdio: ProcessGroupStdioTransport, options: ConnectOptions): Promise<Connection> {
  const observed = new ObservedTransport(stdio, () => options.onSpawned?.(stdio.pid));
  const client = newClient(options.clientVersion);
  const close = async (): Promise<void> => {
    await client.close().catch(() => undefined);
    await stdio.close();
  };
  try {
    await client.connect(observed, { signal: options.signal, timeout: options.timeoutMs });
  } catch (error) {
    await close();
    throw error;
  }
  return { client, kind: 'stdio', observed, stdio, close };
}

/** A fetch that refuses bodies above a byte cap, so a hostile server cannot exhaust memory. */
export function cappedFetch(
  maxBytes: number,
  base: typeof fetch = fetch,
  onExceeded: (error: AuditError) => void = () => undefined,
): typeof fetch {
  return async (input, init) => {
    const response = await base(input, init);
    if (response.body === null) return response;
    let seen = 0;
    const counter = new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        seen += chunk.byteLength;
        if (seen > maxBytes) {
          const error = tooLargeError('response', maxBytes);
          onExceeded(error);
          controller.error(error);
          return;
        }
        controller.enqueue(chunk);
      },
    });
    return new Response(response.body.pipeThrough(counter), {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
    });
  };
}

export async function connectHttp(
  spec: Extract<AuditTargetSpec, { transport: HostedTransport }>,
  options: ConnectOptions,
): Promise<Connection> {
  const url = new URL(spec.url);
  const fetchImpl = cappedFetch(options.maxMessageBytes, options.fetch, options.onTooLarge);
  const requestInit: RequestInit = { headers: spec.headers };
  const attempt = async (kind: 'streamable-http' | 'sse'): Promise<Connection> => {
    const inner =
      kind === 'streamable-http'
        ? new StreamableHTTPClientTransport(url, { requestInit, fetch: fetchImpl })
        : // Deprecated in the SDK, and still what legacy HTTP+SSE servers speak: the spec asks clients to support both.
          // eslint-disable-next-line @typescript-eslint/no-deprecated
          new SSEClientTransport(url, { requestInit, fetch: fetchImpl });
    const observed = new ObservedTransport(inner);
    const client = newClient(options.clientVersion);
    const close = async (): Promise<void> => {
      await client.close().catch(() => undefined);
    };
    try {
      await client.connect(observed, { signal: options.signal, timeout: options.timeoutMs });
    } catch (error) {
      await close();
      throw error;
    }
    return { client, kind, observed, stdio: null, close };
  };
  if (spec.transport !== 'auto') return attempt(spec.transport);
  try {
    return await attempt('streamable-http');
  } catch (error) {
    // Spec, backwards compatibility: a POST initialize refused with 400, 404 or 405 means the
    // server may speak the older HTTP+SSE transport.
    if (error instanceof StreamableHTTPError && [400, 404, 405].includes(error.code ?? 0) && !options.signal.aborted) {
      try {
        return await attempt('sse');
      } catch (sseError) {
        const first = toAuditError(error, { step: 'initialize (Streamable HTTP)', url: redactUrl(spec.url) });
        const second = toAuditError(sseError, { step: 'connect (legacy SSE)', url: redactUrl(spec.url) });
        throw new AuditError(
          second.code === 'http-error' ? 'http-error' : first.code,
          `${first.message}; the legacy HTTP+SSE fallback failed too: ${second.message}`,
          {
            hint: first.hint ?? second.hint ?? 'Check the URL.',
            step: 'connect',
            cause: sseError,
          },
        );
      }
    }
    throw error;
  }
}
