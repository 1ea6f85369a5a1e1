/**
 * The parts of one audit that every step shares: the target, the server process (when stdio), the
 * secrets to redact, the clock, the host session, and the errors and warnings collected so far; and
 * how the server is ended (at once on a cancel or the deadline, its end told as soon as it is over).
 */
import type { Problem } from '../../core/problems';
import type { Target } from '../../core/report/report';
import type { SurfaceContext } from '../../core/surface/tool-findings';
import { HostSession } from '../mcp/host-session';
import type { ProcessGroupStdioTransport } from '../mcp/stdio-transport';
import { prepareStdio } from '../mcp/stdio-launch';
import { redactUrl, redactorFor, type Redactor } from '../redact';
import { AuditClock } from './audit-clock';
import { AUDIT_DEFAULTS } from '../audit-defaults';
import { describeTarget } from './audit-facts';
import type { AuditOptions } from './audit-options';
import type { AuditTargetSpec } from '../target-spec';

export class AuditContext {
  readonly errors: Problem[] = [];
  /** Listed in the exercise sandbox (audit --sandbox): a failure's hint names the way out. */
  private readonly sandboxed: boolean;
  readonly warnings: Problem[] = [];
  readonly stdio: ProcessGroupStdioTransport | null;
  /** The audit's secrets, redacted from every server text where it enters (lib/server/redact.ts). */
  readonly redactor: Redactor;
  readonly target: Target;
  readonly clock: AuditClock;
  readonly session: HostSession;
  readonly maxBytes: number;
  readonly context: SurfaceContext;
  private stopped: Promise<void> | undefined;
  private readonly onAbort = (): void => {
    this.stopServer();
  };

  constructor(
    readonly spec: AuditTargetSpec,
    readonly options: AuditOptions,
  ) {
    this.maxBytes = options.maxBytes ?? AUDIT_DEFAULTS.maxBytes;
    const callerEnv = options.callerEnv ?? process.env;
    const launch =
      spec.transport === 'stdio' ? (options.launched ?? prepareStdio(spec, callerEnv, this.maxBytes)) : null;
    this.stdio = launch?.transport ?? null;
    this.redactor = launch?.redactor ?? redactorFor(spec, callerEnv, options.secrets);
    if (launch !== null) this.warnings.push(...launch.warnings);
    const described = describeTarget(spec, launch?.envNames ?? [], this.redactor);
    this.sandboxed = launch?.sandbox !== undefined;
    this.target =
      launch?.sandbox !== undefined && described.transport === 'stdio'
        ? { ...described, listedIn: `the exercise sandbox (${launch.sandbox})` }
        : described;
    const url = spec.transport === 'stdio' ? undefined : redactUrl(spec.url);
    this.clock = new AuditClock(options.timeoutMs ?? AUDIT_DEFAULTS.timeoutMs, options.signal, {
      stdio: this.stdio,
      redactor: this.redactor,
      ...(url === undefined ? {} : { url }),
    });
    this.session = new HostSession(
      { ...options, listenMs: options.listenMs ?? AUDIT_DEFAULTS.listenMs },
      this.clock.started,
    );
    this.context = { serverHost: spec.transport === 'stdio' ? null : new URL(spec.url).hostname };
    // A cancel or the deadline ends the server at once: the SDK's era probe does not heed the signal.
    this.clock.signal.addEventListener('abort', this.onAbort, { once: true });
  }

  /** Records a failure at the step the audit was at. */
  fail(error: unknown): void {
    const problem = this.clock.problemFor(error, this.clock.step);
    this.errors.push(this.sandboxed ? withSandboxHint(problem) : problem);
  }

  /** Ends the server (once), telling its end as soon as it is over; a cancel waits for that, not for the report. */
  stopServer(): void {
    const transport = this.stdio;
    this.stopped ??= transport?.close().then(() => {
      const result = transport.stopResult;
      if (result === null) return;
      const { confirmed, survivors } = result;
      this.options.onProgress?.({
        type: 'progress',
        step: 'stopped',
        pid: transport.pid,
        confirmed,
        survivors: survivors.length,
      });
    });
  }

  /** The lists are over: no more timeout or cancel, the server told to end. */
  endListing(): void {
    this.clock.stop();
    this.clock.signal.removeEventListener('abort', this.onAbort);
  }

  /** The server's end is over (and so is the host session's). */
  async ended(): Promise<void> {
    await this.stopped;
    await this.session.cleanup();
  }
}

const SANDBOX_HINT =
  'It was listed in the sandbox (no network, HOME hidden): a server that needs the network or your files to start is audited on the host: leave out --sandbox (with --exercise, add --no-sandbox).';

/** A failure of a sandboxed listing, with what to try when the sandbox is the cause. */
function withSandboxHint(problem: Problem): Problem {
  if (problem.code === 'cancelled' || problem.code === 'command-not-found') return problem;
  return { ...problem, hint: problem.hint === undefined ? SANDBOX_HINT : `${problem.hint} ${SANDBOX_HINT}` };
}
