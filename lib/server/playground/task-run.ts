/**
 * A playground tools/call run as a task to its result (issue 50; the wire in lib/core/tasks/task-flow.ts).
 * In the 2025 era a tool that supports tasks, on a server that runs tools as tasks, is called with
 * `params.task`; in the 2026 era the server decides and answers `resultType: "task"`. Either way
 * the task is polled with `tasks/get` at the interval the server suggests (bounded), each change of
 * status or message kept as the task's progress (the session's state shows it while the call runs),
 * until it ends: the 2025 era then asks `tasks/result` (which is also where a task waiting for input
 * delivers its elicitation, answered by the user as any server request), the 2026 era reads the
 * result or error the task carries. Past the call's time limit the task is cancelled (`tasks/cancel`).
 * A 2026 task that asks for input in `inputRequests` is cancelled too, with why: the playground does
 * not answer a task's input requests yet. The whole run is one call of the playground: its window
 * covers every poll, so the effects of the task's work are the call's.
 */
import type { ProtocolEra } from '../../core/protocol';
import { PLAYGROUND_LIMITS } from '../../core/playground/limits';
import {
  MAX_TASK_UPDATES,
  createdTask,
  isTerminal,
  polledTask,
  taskCallParams,
  type PlaygroundTask,
  type TaskState,
} from '../../core/tasks/task-flow';
import { isRecord } from '../../core/is-record';
import type { RpcAnswer } from '../exercise/session';

export type Send = (method: string, params: Record<string, unknown>, timeoutMs: number) => Promise<RpcAnswer>;

export interface TaskRunOptions {
  /** The era the session speaks. */
  era: ProtocolEra;
  /** 2025 era: the server declares tasks.requests.tools.call. */
  serverRunsToolTasks: boolean;
  /** The tool's execution.taskSupport as listed. */
  taskSupport: string | undefined;
  /** Waits between polls (default: a timer). */
  sleep?: (ms: number) => Promise<void>;
}

/** The `ttl` asked for in the 2025 era: as long as a playground call may last. */
const TASK_TTL_MS = PLAYGROUND_LIMITS.callTimeoutMs;
const timer = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

const errorText = (error: unknown): string => {
  if (!isRecord(error)) return 'no error given';
  const code = typeof error.code === 'number' ? ` (${error.code})` : '';
  return `${typeof error.message === 'string' ? error.message : 'JSON-RPC error'}${code}`;
};

export class TaskRun {
  private current: PlaygroundTask | null = null;
  private readonly began = Date.now();

  constructor(
    private readonly send: Send,
    private readonly options: TaskRunOptions,
  ) {}

  /** The task so far (null until a call made one). */
  get task(): PlaygroundTask | null {
    return this.current === null ? null : { ...this.current, updates: [...this.current.updates] };
  }

  /** The call: a plain answer as it came, or the task it made followed to its end and its result. */
  async call(params: Record<string, unknown>, timeoutMs: number): Promise<RpcAnswer> {
    const deadline = Date.now() + timeoutMs;
    const { era, serverRunsToolTasks, taskSupport } = this.options;
    const sent = taskCallParams(params, era, serverRunsToolTasks, taskSupport, TASK_TTL_MS);
    const first = await this.send('tools/call', sent, timeoutMs);
    if (first.kind !== 'result') return first;
    const made = createdTask(first.result);
    if (made === null) return first;
    const { taskId, status, statusMessage } = made.state;
    this.current = { taskId, era: made.era, status, statusMessage, updates: [], polls: 0 };
    this.note(made.state);
    return this.follow(made.era, made.state, deadline);
  }

  /** Keeps a state that differs from the last one seen. */
  private note(state: TaskState): void {
    const task = this.current;
    if (task === null) return;
    task.status = state.status;
    task.statusMessage = state.statusMessage;
    const last = task.updates.at(-1);
    if (last?.status === state.status && last.statusMessage === state.statusMessage) return;
    task.updates.push({
      atMs: Math.max(0, Date.now() - this.began),
      status: state.status,
      statusMessage: state.statusMessage,
    });
    if (task.updates.length > MAX_TASK_UPDATES) task.updates.splice(1, 1);
  }

  private async follow(era: ProtocolEra, created: TaskState, deadline: number): Promise<RpcAnswer> {
    const { taskId } = created;
    const left = (): number => deadline - Date.now();
    let latest = created;
    // The 2025 era's input_required: tasks/result delivers the server's queued request.
    while (!isTerminal(latest.status) && !(era === 'legacy' && latest.status === 'input_required')) {
      if (latest.status === 'input_required') {
        await this.cancel(taskId, left());
        return {
          kind: 'error',
          message: `Task ${taskId} asked for input (inputRequests), which the playground does not answer yet: it was cancelled (tasks/cancel).`,
        };
      }
      const wait = Math.min(latest.pollMs, left());
      if (wait <= 0) {
        await this.cancel(taskId, 5_000);
        return { kind: 'timeout' };
      }
      await (this.options.sleep ?? timer)(wait);
      const polled = await this.send('tasks/get', { taskId }, Math.max(1, left()));
      if (polled.kind !== 'result') return polled;
      const next = polledTask(polled.result, era, taskId);
      if (next === null) return { kind: 'error', message: `tasks/get answered without task ${taskId}'s status.` };
      if (this.current !== null) this.current.polls += 1;
      this.note(next);
      latest = next;
    }
    if (era === 'legacy') return this.send('tasks/result', { taskId }, Math.max(1, left()));
    if (latest.status === 'completed') {
      const result = latest.result ?? null;
      return { kind: 'result', result, bytes: JSON.stringify(result).length };
    }
    if (latest.status === 'failed')
      return { kind: 'error', message: `Task ${taskId} failed: ${errorText(latest.error)}` };
    return {
      kind: 'error',
      message: `Task ${taskId} was cancelled${latest.statusMessage === null ? '' : `: ${latest.statusMessage}`}.`,
    };
  }

  /** Asks the server to stop the task (cooperative: it may finish anyway). */
  private async cancel(taskId: string, timeoutMs: number): Promise<void> {
    await this.send('tasks/cancel', { taskId }, Math.max(1_000, Math.min(timeoutMs, 5_000)));
  }
}
