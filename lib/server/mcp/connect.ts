/**
 * Connecting to an MCP server through the official SDK's v2 Client, in either protocol era:
 * stdio (our process-group transport), Streamable HTTP, or legacy HTTP+SSE. The era comes from the
 * SDK's own negotiation (`versionNegotiation`: auto probes `server/discover` and falls back to
 * `initialize`; a pin or `legacy` fixes it). Over HTTP, a POST refused with 400, 404 or 405 falls
 * back to the older HTTP+SSE transport (spec, Transports: backwards compatibility), unless the
 * refusal is the current era's "unsupported protocol version" (-32022), which says what to try.
 *
 * The Client validates results of known methods with its strict schemas in the current era; the
 * auditor must see what was sent, so ObservedTransport keeps every raw result by method, and shows a
 * WireTap the server's own requests and the answers sent back (session-log.ts). The client declares
 * the capabilities it is given and answers their requests safely (host-requests.ts).
 */
import {
  Client,
  SdkError,
  SdkErrorCode,
  SdkHttpError,
  SSEClientTransport,
  StreamableHTTPClientTransport,
  type JSONRPCMessage,
  type MessageExtraInfo,
  type Transport,
  type TransportSendOptions,
  type VersionNegotiationOptions,
} from '@modelcontextprotocol/client';
import { AuditError, tooLargeError } from '../errors';
import { CONNECT_OPTION, ConnectDeadline, probeTimeoutMs } from './connect-deadline';
import { AuditRoots, answerAsHost, type HostAnswers } from './host-requests';
import { serverEndedStory, toAuditError } from './error-map';
import { Redactor, redactUrl } from '../redact';
import { ProcessGroupStdioTransport } from './stdio-transport';
import type { AuditTargetSpec } from '../target-spec';
import { isRecord } from '../../core/is-record';
import { PRODUCT_NAME } from '../../core/product';
import {
  MODERN_VERSION,
  eraOfVersion,
  protocolChoiceText,
  type ProtocolChoice,
  type ProtocolEra,
} from '../../core/protocol';
import type { HostedTransport, WireTransport } from '../../core/transports';

export type TransportKind = WireTransport;

/** The initialize (2025 era) or server/discover (current era) result exactly as the server sent it. */
export interface RawInitialize {
  protocolVersion?: unknown;
  serverInfo?: unknown;
  capabilities?: unknown;
  instructions?: unknown;
  _meta?: unknown;
  supportedVersions?: unknown;
}

/** Sees every message: from the server (after redaction) and to it. */
export interface WireTap {
  inbound(message: JSONRPCMessage): void;
  outbound(message: JSONRPCMessage): void;
}

/** One raw response: the result or the error object as sent. */
export type RawResponse = { result: unknown } | { error: unknown };

/**
 * Wraps a transport to see the wire: the raw handshake result and the raw response of each request.
 * Every message the server sends is redacted here, where it enters, before the SDK or the audit
 * reads, cuts or re-encodes any of it.
 */
export class ObservedTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage, extra?: MessageExtraInfo) => void;
  initialize: RawInitialize | null = null;
  private readonly pending = new Map<string | number, string>();
  private readonly latest = new Map<string, RawResponse>();

  constructor(
    readonly inner: Transport,
    private readonly onStarted: () => void = () => undefined,
    redactor: Redactor = new Redactor(),
    private readonly tap?: WireTap,
  ) {
    inner.onmessage = (raw, extra) => {
      const message = redactor.value(raw);
      tap?.inbound(message);
      const id = 'id' in message ? message.id : undefined;
      if (id !== undefined && ('result' in message || 'error' in message)) {
        const method = this.pending.get(id);
        if (method !== undefined) {
          this.pending.delete(id);
          const raw: RawResponse = 'result' in message ? { result: message.result } : { error: message.error };
          this.latest.set(method, raw);
          if ((method === 'initialize' || method === 'server/discover') && 'result' in raw && isRecord(raw.result)) {
            this.initialize = raw.result;
          }
        }
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

  send(message: JSONRPCMessage, options?: TransportSendOptions): Promise<void> {
    if ('method' in message && 'id' in message) this.pending.set(message.id, message.method);
    this.tap?.outbound(message);
    return this.inner.send(message, options);
  }

  /**
   * The raw response to the last request of `method` (lists are read one page at a time per
   * method, so "the last" is the one just awaited), and forgets it.
   */
  takeRaw(method: string): RawResponse | undefined {
    const raw = this.latest.get(method);
    this.latest.delete(method);
    return raw;
  }

  close(): Promise<void> {
    return this.inner.close();
  }

  setProtocolVersion(version: string): void {
    this.inner.setProtocolVersion?.(version);
  }
}

/**
 * The stdio form: a `pid` and a `stderr` are how the SDK's era probe knows stdio, where a probe met
 * with silence means a 2025-era server (or one still starting) and initialize follows on the same
 * pipe; without them a silent probe failed the connect (issue 49: an `npx -y` still downloading).
 */
class ObservedStdioTransport extends ObservedTransport {
  constructor(
    private readonly stdio: ProcessGroupStdioTransport,
    onStarted: () => void,
    redactor: Redactor | undefined,
    tap: WireTap | undefined,
  ) {
    super(stdio, onStarted, redactor, tap);
  }

  get pid(): number | null {
    return this.stdio.pid;
  }

  /** The server's stderr is read by the stdio transport itself (its tail names an exit). */
  readonly stderr = null;
}

export interface Connection {
  client: Client;
  kind: TransportKind;
  observed: ObservedTransport;
  era: ProtocolEra;
  version: string;
  close(): Promise<void>;
}

export interface ConnectOptions {
  signal: AbortSignal;
  /** The whole connect: the era probe and initialize (a timeout names `timeoutOption`). */
  timeoutMs: number;
  /** How a user raises timeoutMs, named when it passes (default --connect-timeout). */
  timeoutOption?: string;
  maxMessageBytes: number;
  clientVersion: string;
  /** Which era to speak (default auto). */
  protocol?: ProtocolChoice;
  onSpawned?: (pid: number | null) => void;
  fetch?: typeof fetch;
  /** Told when a response passes maxMessageBytes (the SDK may report it as something vaguer). */
  onTooLarge?: (error: AuditError) => void;
  /** The audit's secrets, removed from every message as it arrives. */
  redactor?: Redactor;
  /** The client capabilities to declare (default none) and the roots offered if roots are declared. */
  capabilities?: Readonly<Record<string, unknown>>;
  roots?: AuditRoots;
  /** How sampling and elicitation are answered (default: refused and declined, host-requests.ts). */
  answers?: HostAnswers;
  /** Told of the server's requests and notifications, and of the answers sent. */
  tap?: WireTap;
}

/** The SDK's negotiation options for a choice; a pinned 2025 revision is the only version offered. */
export function clientFor(
  version: string,
  choice: ProtocolChoice,
  probeTimeoutMs: number,
  capabilities: Readonly<Record<string, unknown>>,
): Client {
  let versionNegotiation: VersionNegotiationOptions;
  let supportedProtocolVersions: string[] | undefined;
  if (choice.mode !== 'pinned') {
    versionNegotiation =
      choice.mode === 'auto'
        ? { mode: 'auto', probe: { timeoutMs: probeTimeoutMs } }
        : choice.mode === 'modern'
          ? { mode: { pin: MODERN_VERSION } }
          : { mode: 'legacy' };
  } else if (eraOfVersion(choice.version) === 'modern') {
    versionNegotiation = { mode: { pin: choice.version } };
  } else {
    // A pinned 2025 revision: the initialize handshake offering only that revision.
    versionNegotiation = { mode: 'legacy' };
    supportedProtocolVersions = [choice.version];
  }
  return new Client(
    { name: PRODUCT_NAME, version },
    {
      capabilities: { ...capabilities },
      versionNegotiation,
      ...(supportedProtocolVersions === undefined ? {} : { supportedProtocolVersions }),
    },
  );
}

async function connectClient(
  transport: ObservedTransport,
  kind: TransportKind,
  choice: ProtocolChoice,
  options: ConnectOptions,
  closeExtra: () => Promise<void>,
): Promise<Connection> {
  const capabilities = options.capabilities ?? {};
  const client = clientFor(
    options.clientVersion,
    choice,
    probeTimeoutMs(options.timeoutMs, kind === 'stdio'),
    capabilities,
  );
  answerAsHost(client, capabilities, options.roots ?? new AuditRoots([]), options.answers);
  const close = async (): Promise<void> => {
    await client.close().catch(() => undefined);
    await closeExtra();
  };
  // One deadline over the probe and initialize; the SDK's own per-request timer is set a little
  // later, so the error that names the limit comes first.
  const deadline = new ConnectDeadline(
    { timeoutMs: options.timeoutMs, option: options.timeoutOption ?? CONNECT_OPTION },
    options.signal,
  );
  try {
    await client.connect(transport, { signal: deadline.signal, timeout: options.timeoutMs + 250 });
  } catch (error) {
    await close();
    throw deadline.passed && !options.signal.aborted ? deadline.error() : explainEraError(error, choice);
  } finally {
    deadline.clear();
  }
  const version = client.getNegotiatedProtocolVersion() ?? stringOf(transport.initialize?.protocolVersion) ?? '';
  const era = client.getProtocolEra() ?? eraOfVersion(version);
  return { client, kind, observed: transport, era, version, close };
}

const stringOf = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

/** Turns the SDK's era failures into errors that say what to try. */
function explainEraError(error: unknown, choice: ProtocolChoice): unknown {
  if (error instanceof SdkError && error.code === SdkErrorCode.EraNegotiationFailed) {
    // The probe failed on the way (refused, closed, not MCP): that failure is the story.
    if (error.cause instanceof Error) return error.cause;
    return new AuditError(
      'protocol-error',
      `The server did not offer the protocol asked for (--protocol ${protocolChoiceText(choice)}): ${error.message}`,
      { hint: 'Try --protocol auto, which speaks whichever era the server offers.', step: 'server/discover' },
    );
  }
  if (isUnsupportedVersion(error)) {
    return new AuditError(
      'protocol-error',
      `The server refused the 2025-era initialize: it speaks only the current revision (${MODERN_VERSION}).`,
      {
        hint: 'Use --protocol auto (the default) or --protocol modern. Clients of the 2025 era cannot use this server.',
        step: 'initialize',
      },
    );
  }
  return error;
}

/** HTTP 400 with JSON-RPC -32022 "Unsupported protocol version" (a current-era server refusing initialize). */
function isUnsupportedVersion(error: unknown): boolean {
  return (
    error instanceof SdkHttpError && error.status === 400 && /-32022|Unsupported protocol version/.test(error.message)
  );
}

/** Connects through a stdio transport the caller made (so it keeps the exit code and stderr). */
export async function connectStdio(stdio: ProcessGroupStdioTransport, options: ConnectOptions): Promise<Connection> {
  const observed = new ObservedStdioTransport(
    stdio,
    () => options.onSpawned?.(stdio.pid),
    options.redactor,
    options.tap,
  );
  return connectClient(observed, 'stdio', options.protocol ?? { mode: 'auto' }, options, () => stdio.close()).catch(
    (error: unknown) => {
      throw serverEndedStory(error, stdio);
    },
  );
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
  const choice = options.protocol ?? { mode: 'auto' };
  const attempt = (kind: 'streamable-http' | 'sse'): Promise<Connection> => {
    const inner =
      kind === 'streamable-http'
        ? new StreamableHTTPClientTransport(url, { requestInit, fetch: fetchImpl })
        : // Deprecated in the SDK, and still what legacy HTTP+SSE servers speak: the spec asks clients to support both.
          // eslint-disable-next-line @typescript-eslint/no-deprecated
          new SSEClientTransport(url, { requestInit, fetch: fetchImpl });
    // HTTP+SSE is a 2025-era transport: auto speaks the 2025 era there without a probe.
    const eraChoice: ProtocolChoice = kind === 'sse' && choice.mode === 'auto' ? { mode: 'legacy' } : choice;
    return connectClient(
      new ObservedTransport(inner, undefined, options.redactor, options.tap),
      kind,
      eraChoice,
      options,
      () => Promise.resolve(),
    );
  };
  if (spec.transport !== 'auto') return attempt(spec.transport);
  try {
    return await attempt('streamable-http');
  } catch (error) {
    // Spec, backwards compatibility: a POST refused with 400, 404 or 405 means the server may
    // speak the older HTTP+SSE transport.
    if (error instanceof SdkHttpError && [400, 404, 405].includes(error.status) && !options.signal.aborted) {
      try {
        return await attempt('sse');
      } catch (sseError) {
        const context = {
          url: redactUrl(spec.url),
          ...(options.redactor === undefined ? {} : { redactor: options.redactor }),
        };
        const first = toAuditError(error, { ...context, step: 'initialize (Streamable HTTP)' });
        const second = toAuditError(sseError, { ...context, step: 'connect (legacy SSE)' });
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
