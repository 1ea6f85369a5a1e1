/**
 * One playground session (issue 37): a local server started inside the exercise's sandbox
 * (bubblewrap and strace, exercise/sandbox-launch.ts), connected as the audit's host client
 * (declaring roots, sampling and elicitation; roots are the sandbox's working folder), kept up while
 * the user makes calls one at a time. Each call goes the exercise's way (call-loop.ts makeCall:
 * request, settle, idle window, snapshot); the trace so far is then read again and attributed over
 * every call's window (attribute.ts), and the call's own effects judged and its result inspected
 * (call-result.ts). The server's sampling and elicitation requests wait for the user (pending.ts,
 * answers.ts); every message is logged (message-log.ts). It ends on close(): the server, its
 * sandbox folders and every request waiting go, and an idle timer closes it when no one calls or
 * answers for idleMs. Nothing keeps running after close.
 */
import { CONNECT_OPTION, type ConnectLimit } from '../mcp/connect-deadline';
import { capabilitiesOf } from '../../core/capabilities/declared';
import { callEffects, type CallWindow } from '../../core/exercise/attribute';
import { EXERCISE_LIMITS, type ExerciseLimits } from '../../core/exercise/select';
import { isRecord } from '../../core/is-record';
import {
  PLAYGROUND_LIMITS,
  type PlaygroundAnswer,
  type PlaygroundCallRequest,
  type PlaygroundCallResult,
  type PlaygroundPending,
  type PlaygroundStarted,
  type PlaygroundState,
} from '../../core/playground/schema';
import type { AuditTargetSpec } from '../target-spec';
import { AuditError } from '../errors';
import { attributeRun } from '../exercise/attribute-run';
import { makeCall, type CallLoopContext } from '../exercise/call-loop';
import { makeSandboxFolders, removeSandboxFolders, type SandboxFolders } from '../exercise/folders';
import { untilQuiet } from '../exercise/quiet';
import { checkSandbox } from '../exercise/sandbox';
import { launchInSandbox, type SandboxLaunch } from '../exercise/sandbox-launch';
import type { SandboxSnapshot } from '../exercise/snapshot';
import { ExerciseSession } from '../exercise/session';
import { redactorFor, type Redactor } from '../redact';
import { GENERATOR } from '../version';
import { playgroundAnswers } from './answers';
import { callResult, targetOf } from './call-result';
import { commandLineText } from '../../core/command-line';
import { MessageLog } from './message-log';
import { PendingRequests } from './pending';
import { plannedCallOf } from './planned-call';
import { startFailure } from './start-failure';
import { listSurface, toolsOf } from './surface';
import { ToolRelister } from '../exercise/relist';
import { analysedTools } from '../../core/session/listing-changes';
import {
  featuresOf,
  type PlaygroundComplete,
  type PlaygroundCompletion,
  type PlaygroundSubscribe,
  type PlaygroundSubscription,
} from '../../core/playground/conveniences';
import { completeArgument } from './completion';
import { Subscriptions } from './subscriptions';
import { eraOfVersion } from '../../core/protocol';
import { serverRunsToolTasks } from '../../core/tasks/task-flow';
import { TaskRun } from './task-run';

export type StdioTarget = Extract<AuditTargetSpec, { transport: 'stdio' }>;

export interface PlaygroundStartOptions {
  callerEnv: Readonly<Record<string, string | undefined>>;
  /** The client capabilities to declare (default: the audit's host choice: roots, sampling, elicitation). */
  capabilities?: Readonly<Record<string, unknown>>;
  /** The idle limit (default PLAYGROUND_LIMITS.idleMs). */
  idleMs?: number;
  /** Told once when the session has ended, with why. */
  onEnded?: (reason: string) => void;
  /** Answers each server request at once (the CLI's --answer-* options) instead of waiting for answer(). */
  autoAnswer?: (pending: PlaygroundPending) => PlaygroundAnswer;
  /** Starting the server and its initialize (default EXERCISE_LIMITS.startTimeoutMs), and how the user raises it. */
  start?: ConnectLimit;
}

const LIST_TIMEOUT_MS = 30_000;

const serverOf = (init: unknown): PlaygroundStarted['server'] => {
  const info = isRecord(init) && isRecord(init.serverInfo) ? init.serverInfo : null;
  if (info === null) return null;
  const text = (value: unknown): string => (typeof value === 'string' ? value : '');
  return { name: text(info.name), version: text(info.version) };
};

/** "10 minutes", "30 s", "200 ms". */
const spanText = (ms: number): string =>
  ms >= 60_000 ? `${Math.round(ms / 60_000)} minutes` : ms >= 1000 ? `${Math.round(ms / 1000)} s` : `${ms} ms`;

export class PlaygroundSession {
  readonly id = crypto.randomUUID();
  started!: PlaygroundStarted;
  readonly startedAt = Date.now();
  private readonly pending: PendingRequests;
  private readonly log: MessageLog;
  private readonly session: ExerciseSession;
  private readonly windows: CallWindow[] = [];
  private before: SandboxSnapshot | null = null;
  private calls = 0;
  private busy: PlaygroundState['busy'] = null;
  private endedAs: PlaygroundState['ended'] = null;
  private closing: Promise<void> | null = null;
  private idleTimer: NodeJS.Timeout | undefined;
  private idleEndsAt = 0;
  private readonly limits: ExerciseLimits;
  /** Lists the tools again after a call the server followed with list_changed (exercise/relist.ts). */
  private relister: ToolRelister | null = null;
  private readonly subscriptions = new Subscriptions(this.startedAt);
  /** The 2025 era's server runs tools/call as tasks (its tasks capability); the call in flight's task run. */
  private runsToolTasks = false;
  private taskRun: TaskRun | null = null;

  private constructor(
    private readonly launch: SandboxLaunch,
    private readonly folders: SandboxFolders,
    private readonly redactor: Redactor,
    capabilities: Readonly<Record<string, unknown>>,
    private readonly options: PlaygroundStartOptions,
  ) {
    this.log = new MessageLog(this.startedAt, redactor);
    this.pending = new PendingRequests(this.startedAt, options.autoAnswer);
    this.limits = { ...EXERCISE_LIMITS, callTimeoutMs: PLAYGROUND_LIMITS.callTimeoutMs };
    const client = { capabilities, protocol: { mode: 'auto' as const } };
    this.session = new ExerciseSession(launch.transport, client, redactor, {
      answers: playgroundAnswers(this.pending),
      tap: this.subscriptions.tapping(this.log),
    });
  }

  /** Starts the server in a fresh sandbox, connects, lists what it offers; the sandbox-unavailable error when there is none. */
  static async start(target: StdioTarget, options: PlaygroundStartOptions): Promise<PlaygroundSession> {
    const sandbox = await checkSandbox(options.callerEnv.PATH);
    const folders = await makeSandboxFolders('tracer');
    // The session once made: the server's end closes it.
    const made: { session?: PlaygroundSession } = {};
    let launch: SandboxLaunch;
    try {
      launch = launchInSandbox(target, sandbox, folders, {
        callerEnv: options.callerEnv,
        maxMessageBytes: PLAYGROUND_LIMITS.maxResultBytes,
        onFinished: () => void made.session?.close(made.session.exitReason()),
      });
    } catch (error) {
      await removeSandboxFolders(folders);
      throw error;
    }
    const capabilities = options.capabilities ?? capabilitiesOf({ mode: 'host' });
    const session = new PlaygroundSession(
      launch,
      folders,
      redactorFor(target, options.callerEnv),
      capabilities,
      options,
    );
    made.session = session;
    try {
      const hello = await session.session.initialize(
        GENERATOR.version,
        options.start ?? { timeoutMs: EXERCISE_LIMITS.startTimeoutMs, option: CONNECT_OPTION },
      );
      launch.release();
      if (hello.kind !== 'result') throw startFailure(hello);
      launch.watch.start(() => void session.close(launch.watch.halted ?? 'the sandbox watchdog stopped it'));
      await untilQuiet(session.signs(), session.limits.settleMs, session.limits.maxSettleMs);
      const init = hello.result;
      session.runsToolTasks = serverRunsToolTasks(isRecord(init) ? init.capabilities : undefined);
      const surface = await listSurface(
        session.session,
        isRecord(init) ? init.capabilities : undefined,
        LIST_TIMEOUT_MS,
        (tools) => {
          const first = analysedTools([{ tools: [...tools], bytes: 0 }]);
          session.relister = new ToolRelister(session.session, first, LIST_TIMEOUT_MS, session.startedAt);
        },
      );
      session.before = await launch.watch.snapshot();
      session.started = {
        id: session.id,
        command: commandLineText(target),
        protocolVersion: session.session.protocolVersion,
        server: serverOf(init),
        surface,
        sandbox: { bwrap: sandbox.bwrapVersion, strace: sandbox.straceVersion },
        idleMs: options.idleMs ?? PLAYGROUND_LIMITS.idleMs,
        features: featuresOf(isRecord(init) ? init.capabilities : undefined),
      };
      session.touch();
      return session;
    } catch (error) {
      await session.close(error instanceof Error ? error.message : 'the start failed');
      throw error;
    }
  }

  private signs(): { tracePath: string; activity: () => Promise<string | null> } {
    return { tracePath: this.folders.tracePath, activity: () => this.launch.watch.activity() };
  }

  /** Restarts the idle timer (a call or an answer). */
  private touch(): void {
    clearTimeout(this.idleTimer);
    if (this.endedAs !== null) return;
    const idleMs = this.started.idleMs;
    this.idleEndsAt = Date.now() + idleMs;
    this.idleTimer = setTimeout(() => {
      if (this.busy === null) void this.close(`no call or answer for ${spanText(idleMs)} (the idle limit)`);
      else this.touch();
    }, idleMs);
    this.idleTimer.unref();
  }

  /** The sandbox's outer process (bubblewrap), while it runs. */
  get pid(): number | null {
    return this.launch.transport.pid;
  }

  get ended(): PlaygroundState['ended'] {
    return this.endedAs;
  }

  /** One call, judged and inspected; refused while another runs (session-busy) or after the end (session-ended). */
  async call(request: PlaygroundCallRequest): Promise<PlaygroundCallResult> {
    this.refuseIfEnded();
    if (this.busy !== null)
      throw new AuditError('session-busy', `A call is in flight (${this.busy.method} ${this.busy.target}).`, {
        hint: 'Wait for its answer (answer the server’s request if it is waiting for you), then call again.',
      });
    const tool =
      request.method === 'tools/call' ? this.started.surface.tools.find((t) => t.name === request.name) : undefined;
    if (request.method === 'tools/call' && tool === undefined)
      throw new AuditError(
        'bad-input',
        `The server does not list a tool named ${JSON.stringify(request.name.slice(0, 80))}.`,
        {
          hint: 'Call one of the tools the session listed, spelled exactly.',
        },
      );
    this.busy = { method: request.method, target: targetOf(request) };
    this.touch();
    try {
      return await this.callNow(request, tool);
    } finally {
      this.busy = null;
      this.touch();
    }
  }

  private async callNow(
    request: PlaygroundCallRequest,
    tool: PlaygroundStarted['surface']['tools'][number] | undefined,
  ): Promise<PlaygroundCallResult> {
    const seq = (this.calls += 1);
    const { watch } = this.launch;
    const run = request.method === 'tools/call' ? this.taskRunFor(tool) : null;
    const context: CallLoopContext = {
      ...(run === null ? {} : { send: (_method, params, timeoutMs) => run.call(params, timeoutMs) }),
      session: this.session,
      snapshot: () => watch.snapshot(),
      halted: () => watch.halted,
      limits: this.limits,
      began: Date.now(),
      ...this.signs(),
    };
    const { entry, after, answer } = await makeCall(context, plannedCallOf(request), seq, seq, this.before);
    this.before = after;
    this.windows.push(entry.window);
    const { attribution, requests, incomplete } = await attributeRun({
      folders: this.folders,
      launch: this.launch,
      session: this.session,
      redactor: this.redactor,
      windows: this.windows,
      startedAt: this.startedAt,
    });
    const { effects, noise } = callEffects(attribution, seq, entry.record);
    const result = callResult({
      seq,
      request,
      entry,
      answer: answer.kind === 'result' ? { ...answer, result: this.redactor.value(answer.result) } : answer,
      effects,
      filteredAsNoise: noise,
      serverRequests: requests.calls.get(seq) ?? [],
      ...(tool === undefined ? {} : { tool }),
      toolNames: this.started.surface.tools.map((t) => t.name),
      incomplete,
    });
    if (entry.record.outcome === 'server-exited') await this.close(this.exitReason());
    else await this.relistAfter(`call ${seq} (${targetOf(request)})`);
    const task = run?.task ?? null;
    return task === null ? result : { ...result, task };
  }

  /** A tools/call's run, which follows a task when the call makes one (task-run.ts). */
  private taskRunFor(tool: PlaygroundStarted['surface']['tools'][number] | undefined): TaskRun {
    this.taskRun = new TaskRun((method, params, timeoutMs) => this.session.request(method, params, timeoutMs), {
      era: eraOfVersion(this.session.protocolVersion ?? ''),
      serverRunsToolTasks: this.runsToolTasks,
      taskSupport: tool?.taskSupport,
    });
    return this.taskRun;
  }

  /** After list_changed: the tools listed again, the change kept for the state, the new tools shown. */
  private async relistAfter(after: string): Promise<void> {
    const relister = this.relister;
    if (relister === null) return;
    await relister.relist(after);
    const latest = relister.latest;
    if (latest !== null)
      this.started = {
        ...this.started,
        surface: {
          ...this.started.surface,
          tools: toolsOf(latest.filter(isRecord)),
        },
      };
  }

  /** Why the server is gone: a message past the size limit (the transport ended it), or its exit. */
  private exitReason(): string {
    const fatal = this.launch.transport.fatal;
    return fatal === null ? 'the server exited' : `the server was stopped: ${fatal.message}`;
  }

  private refuseIfEnded(): void {
    if (this.endedAs !== null)
      throw new AuditError('session-ended', `This playground session has ended: ${this.endedAs.reason}.`, {
        hint: 'Start a new session to call again.',
      });
  }

  /** The user's answer to a waiting request (unknown id: bad-input); the call in flight goes on. */
  answer(answer: PlaygroundAnswer): void {
    this.refuseIfEnded();
    this.pending.answer(answer);
    this.touch();
  }

  /** completion/complete for a prompt's argument or a template's variable (conveniences.ts); refused after the end. */
  complete(request: PlaygroundComplete): Promise<PlaygroundCompletion> {
    this.refuseIfEnded();
    this.touch();
    return completeArgument(this.session, this.started.features, request);
  }

  /** resources/subscribe or unsubscribe; the updates that follow are counted in the state. */
  async subscribe(request: PlaygroundSubscribe): Promise<PlaygroundSubscription[]> {
    this.refuseIfEnded();
    this.touch();
    await this.subscriptions.change(this.session, this.started.features, request.uri, request.subscribe);
    return this.subscriptions.list();
  }

  /** What runs now: a page of the requests waiting (after `pendingAfter`), the log after `after` (a page), the call in flight, how it ended. */
  state(after?: number, pendingAfter?: number): PlaygroundState {
    const log = this.log.after(after);
    return {
      id: this.id,
      ended: this.endedAs,
      busy: this.busy,
      pending: this.pending.page(pendingAfter),
      pendingCount: this.pending.count,
      log: log.entries,
      logMore: log.more,
      dropped: this.log.dropped,
      calls: this.calls,
      idleEndsAt: this.idleEndsAt,
      relisted: [...(this.relister?.relisted ?? [])],
      subscriptions: this.subscriptions.list(),
      task: this.busy === null ? null : (this.taskRun?.task ?? null),
    };
  }

  /** Ends the session: requests waiting are answered (cancel, refuse), the server and the sandbox folders go. */
  close(reason: string): Promise<void> {
    if (this.closing !== null) return this.closing;
    this.endedAs = { reason, atMs: Math.max(0, Date.now() - this.startedAt) };
    clearTimeout(this.idleTimer);
    this.pending.closeAll(reason);
    this.closing = (async () => {
      this.launch.watch.stop();
      this.launch.release();
      await this.session.close().catch(() => undefined);
      await this.session.roots.cleanup();
      await removeSandboxFolders(this.folders);
      this.options.onEnded?.(reason);
    })();
    return this.closing;
  }
}
