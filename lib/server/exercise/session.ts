/**
 * The exercise's MCP client: the audit's own connection (mcp/connect.ts) speaking the revision the
 * audit spoke, declaring the client capabilities the audit declared (Report.clientSession: host by
 * default, none or a file's with --capabilities), and answering the server's requests as the audit
 * does (mcp/host-requests.ts: sampling refused, elicitation declined), except that the root offered
 * is the sandbox's working folder (or the copies of the audit's --root folders, host-folders.ts), a
 * folder that exists inside the sandbox, never a host path.
 * Each request the server sends is recorded (mcp/session-log.ts). Every tools/call result is taken
 * raw from the wire, untouched by the SDK's result schemas, with a time limit per request. The
 * playground (issue 37) passes its own answers (the user's) and a second tap (its message log).
 */
import { AuditError } from '../errors';
import type { ConnectLimit } from '../mcp/connect-deadline';
import { SdkError, SdkErrorCode } from '@modelcontextprotocol/client';
import { z } from 'zod';
import { capabilitiesOf } from '../../core/capabilities/declared';
import { parseProtocolChoice, type ProtocolChoice } from '../../core/protocol';
import type { Report } from '../../core/report/report';
import type { TimedRequest } from '../../core/exercise/requests';
import { connectStdio, type Connection, type WireTap } from '../mcp/connect';
import { AuditRoots, type HostAnswers } from '../mcp/host-requests';
import { SessionLog } from '../mcp/session-log';
import type { ProcessGroupStdioTransport } from '../mcp/stdio-transport';
import type { Redactor } from '../redact';
import { SANDBOX_WORK } from './sandbox';

export type RpcAnswer =
  | { kind: 'result'; result: unknown; bytes: number }
  | { kind: 'error'; message: string }
  /** The message, when a named limit passed (the start: which limit, how to raise it). */
  | { kind: 'timeout'; message?: string }
  | { kind: 'closed' };

/** How the exercise connects: what the audit declared and the revision it spoke. */
export interface ExerciseClientChoice {
  capabilities: Readonly<Record<string, unknown>>;
  protocol: ProtocolChoice;
}

/**
 * The audit's client, again: its declared capabilities as sent, and the revision it spoke, pinned
 * (one handshake, no second era probe); the audit's own choice when it never learnt one.
 */
export function exerciseClientOf(report: Pick<Report, 'clientSession' | 'protocol'>): ExerciseClientChoice {
  const capabilities = report.clientSession?.declared ?? capabilitiesOf({ mode: 'host' });
  const spoken = report.protocol?.version ?? null;
  const requested = report.protocol?.requested ?? 'auto';
  const protocol = (spoken === null ? null : parseProtocolChoice(spoken)) ??
    parseProtocolChoice(requested) ?? { mode: 'auto' };
  return { capabilities, protocol };
}

const anyResult = z.unknown();
const ROOT_LABEL = 'the working folder of the mcp-hintcheck sandbox (throwaway)';
const ROOT_COPY_LABEL = 'a copy of a root folder in the mcp-hintcheck sandbox (throwaway)';

const errorText = (error: unknown): string => {
  const message = (error as { message?: unknown } | null)?.message;
  return typeof message === 'string' ? message : 'JSON-RPC error';
};

/** What a caller adds to the exercise's session: its own answers to the server's requests, a second tap. */
export interface SessionExtras {
  answers?: HostAnswers;
  tap?: WireTap;
  /** The roots to offer, as sandbox paths (the copies of the audit's --root folders); default the working folder. */
  roots?: readonly string[];
}

/** Both taps, each told of every message in the same order. */
function bothTaps(first: WireTap, second: WireTap | undefined): WireTap {
  if (second === undefined) return first;
  return {
    inbound: (message) => {
      first.inbound(message);
      second.inbound(message);
    },
    outbound: (message) => {
      first.outbound(message);
      second.outbound(message);
    },
  };
}

export class ExerciseSession {
  readonly log: SessionLog;
  readonly roots: AuditRoots;
  /** The revision spoken, once connected. */
  protocolVersion: string | null = null;
  private connection: Connection | null = null;
  /** The log's clock (performance.now) and the epoch clock at the same moment. */
  private readonly startedPerf = performance.now();
  private readonly startedAt = Date.now();

  constructor(
    private readonly transport: ProcessGroupStdioTransport,
    readonly client: ExerciseClientChoice,
    private readonly redactor: Redactor,
    private readonly extras: SessionExtras = {},
  ) {
    this.log = new SessionLog(this.startedPerf);
    const roots = extras.roots ?? [];
    this.roots = roots.length > 0 ? new AuditRoots(roots, ROOT_COPY_LABEL) : new AuditRoots([SANDBOX_WORK], ROOT_LABEL);
  }

  /**
   * Starts the server (a launch that fails throws, as the sandbox then is not there), then the
   * handshake in the audit's era with the audit's capabilities: the server's answer or why it failed.
   */
  async initialize(clientVersion: string, limit: ConnectLimit, signal?: AbortSignal): Promise<RpcAnswer> {
    await this.transport.start();
    try {
      this.connection = await connectStdio(this.transport, {
        signal: signal ?? new AbortController().signal,
        timeoutMs: limit.timeoutMs,
        timeoutOption: limit.option,
        maxMessageBytes: Number.POSITIVE_INFINITY,
        clientVersion,
        protocol: this.client.protocol,
        redactor: this.redactor,
        capabilities: this.client.capabilities,
        roots: this.roots,
        tap: bothTaps(this.log, this.extras.tap),
        ...(this.extras.answers === undefined ? {} : { answers: this.extras.answers }),
      });
    } catch (error) {
      return this.failure(error);
    }
    this.protocolVersion = this.connection.version === '' ? null : this.connection.version;
    return { kind: 'result', result: this.connection.observed.initialize, bytes: 0 };
  }

  private failure(error: unknown): RpcAnswer {
    if (error instanceof AuditError && error.code === 'timeout')
      return { kind: 'timeout', message: error.hint === undefined ? error.message : `${error.message} ${error.hint}` };
    if (error instanceof SdkError) {
      if (error.code === SdkErrorCode.RequestTimeout) return { kind: 'timeout' };
      if (error.code === SdkErrorCode.ConnectionClosed || error.code === SdkErrorCode.NotConnected)
        return { kind: 'closed' };
    }
    return { kind: 'error', message: errorText(error) };
  }

  /** One request; the raw answer from the wire wins over what the SDK made of it. */
  async request(method: string, params: Record<string, unknown>, timeoutMs: number): Promise<RpcAnswer> {
    const live = this.connection;
    if (live === null) return { kind: 'closed' };
    live.observed.takeRaw(method);
    let answer: RpcAnswer;
    try {
      const parsed = await live.client.request({ method, params }, anyResult, { timeout: timeoutMs });
      answer = { kind: 'result', result: parsed, bytes: 0 };
    } catch (error) {
      answer = this.failure(error);
    }
    const raw = live.observed.takeRaw(method);
    if (raw !== undefined)
      answer =
        'result' in raw
          ? { kind: 'result', result: raw.result, bytes: 0 }
          : { kind: 'error', message: errorText(raw.error) };
    return answer.kind === 'result' ? { ...answer, bytes: JSON.stringify(answer.result ?? null).length } : answer;
  }

  /** The roots offered on roots/list: none unless roots are declared. */
  get offeredRoots(): string[] {
    return this.client.capabilities.roots === undefined ? [] : this.roots.uris;
  }

  /** Every request the server sent, with the moment it arrived in epoch milliseconds. */
  requests(): TimedRequest[] {
    return this.log.serverRequests.map((record) => ({ at: this.startedAt + record.atMs, record }));
  }

  /** Ends the connection and the server. */
  close(): Promise<void> {
    return this.connection?.close() ?? this.transport.close();
  }
}
