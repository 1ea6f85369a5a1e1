/**
 * One audit's time and its end: the deadline and the step the audit is at (the timeout names it),
 * the signal that a cancel or the deadline aborts, and the Problem a failure becomes (the deadline
 * or a cancel wins over whatever the SDK made of it; an oversized message wins over both).
 */
import type { Problem } from '../../core/problems';
import { AuditError } from '../errors';
import type { ProcessGroupStdioTransport } from '../mcp/stdio-transport';
import type { Redactor } from '../redact';
import { toAuditError } from '../mcp/error-map';

/** What a failure's message may name: the server's own exit and stderr, the target URL (redacted). */
export interface FailureContext {
  stdio: ProcessGroupStdioTransport | null;
  redactor: Redactor;
  url?: string;
}

export class AuditClock {
  readonly started = performance.now();
  readonly deadline: number;
  readonly signal: AbortSignal;
  step = 'start';
  /** Set by the transport when a message passed the size cap: the reason for what failed next. */
  tooLarge: AuditError | null = null;
  private readonly timer = new AbortController();
  private readonly timeout: ReturnType<typeof setTimeout>;

  constructor(
    readonly timeoutMs: number,
    outer: AbortSignal | undefined,
    private readonly failure: FailureContext,
  ) {
    this.deadline = this.started + timeoutMs;
    this.timeout = setTimeout(() => {
      this.timer.abort(
        new AuditError('timeout', `The audit timed out after ${timeoutMs} ms, at ${this.step}.`, {
          hint: 'The server may be waiting for input, a network resource or a login. Raise --timeout if it is just slow.',
          step: this.step,
        }),
      );
    }, timeoutMs);
    this.signal = outer === undefined ? this.timer.signal : AbortSignal.any([outer, this.timer.signal]);
  }

  /** A step's timeout: ends a little after the deadline so the audit's own timer, which names the step, fires first. */
  remaining(cap: number): number {
    return Math.max(1, Math.min(cap, this.deadline - performance.now() + 250));
  }

  /** Milliseconds since the audit started. */
  elapsed(): number {
    return performance.now() - this.started;
  }

  problemFor(error: unknown, at: string): Problem {
    if (this.tooLarge !== null) return { ...this.tooLarge.toProblem(), step: at };
    if (this.signal.aborted) {
      const reason: unknown = this.signal.reason;
      if (reason instanceof AuditError) return reason.toProblem();
      return { code: 'cancelled', message: `The audit was cancelled at ${at}.`, step: at };
    }
    const { stdio, redactor, url } = this.failure;
    return toAuditError(error, { step: at, stdio, redactor, ...(url === undefined ? {} : { url }) }).toProblem();
  }

  /** The audit is over: its timer must not fire. */
  stop(): void {
    clearTimeout(this.timeout);
  }
}
