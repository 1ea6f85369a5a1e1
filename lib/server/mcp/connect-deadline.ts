/**
 * The time a server has to start and answer the handshake (the audit's --connect-timeout, the
 * sandbox's start limit): one deadline over the era probe and the initialize after it, and the
 * error that names the limit and how to raise it (issues 47 and 49: a fixed 10 s probe nobody could
 * raise, and a hint naming --timeout when another limit was hit).
 */
import { AuditError } from '../errors';

/** Which limit a connect runs under: its length and how a user raises it. */
export interface ConnectLimit {
  timeoutMs: number;
  /** The option (or field) that sets it, named in the timeout's hint. */
  option: string;
}

/** The audit's own name for its start limit. */
export const CONNECT_OPTION = '--connect-timeout';
/** Its name in the dashboard's API (POST /api/audit, /api/exercise, /api/playground). */
export const API_CONNECT_OPTION = 'connectTimeoutMs (the CLI: --connect-timeout)';

/**
 * How long the server/discover probe may wait. Over stdio a silent probe means a 2025-era server or
 * one still starting (an `npx -y` downloading): after half the connect time initialize is sent on
 * the same pipe and gets the rest, so a slow start is not lost. Over HTTP a probe that times out is
 * a failed connect either way, so it gets the whole time.
 */
export function probeTimeoutMs(timeoutMs: number, overStdio: boolean): number {
  return Math.max(1, overStdio ? Math.floor(timeoutMs / 2) : timeoutMs);
}

/** One connect's deadline: its signal aborts with the error that names the limit. */
export class ConnectDeadline {
  private readonly controller = new AbortController();
  private readonly timer: ReturnType<typeof setTimeout>;
  readonly signal: AbortSignal;

  constructor(
    private readonly limit: ConnectLimit,
    outer: AbortSignal,
  ) {
    this.timer = setTimeout(() => {
      this.controller.abort(this.error());
    }, limit.timeoutMs);
    this.signal = AbortSignal.any([outer, this.controller.signal]);
  }

  /** True once the deadline (not the caller) ended the connect. */
  get passed(): boolean {
    return this.controller.signal.aborted;
  }

  error(): AuditError {
    const { timeoutMs, option } = this.limit;
    return new AuditError(
      'timeout',
      `The server did not start and answer initialize within ${timeoutMs} ms (${option} ${timeoutMs}).`,
      {
        hint: `Raise ${option} if it is just slow (an npx -y download, a large server under load); otherwise it may be waiting for input, a network resource or a login.`,
        step: 'initialize',
      },
    );
  }

  clear(): void {
    clearTimeout(this.timer);
  }
}
