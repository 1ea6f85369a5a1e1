/**
 * A tool call run as a task, read off the wire in either era (pure; lib/server/playground/task-run.ts
 * sends the requests):
 * - 2025-11-25 (SEP-1686, what server-everything speaks): the client asks for a task with
 *   `params.task` on a tool whose `execution.taskSupport` is "required" or "optional" when the
 *   server declares `tasks.requests.tools.call`; the answer is `{task: {taskId, status, ...}}`,
 *   `tasks/get` polls it, `tasks/result` gives the tool's result (and is where the server's queued
 *   requests, an elicitation for input_required, are delivered).
 * - 2026-07-28 (the `io.modelcontextprotocol/tasks` extension, SEP-2663): the server decides; a
 *   `tools/call` answered with `resultType: "task"` carries the task's fields at the top level,
 *   `tasks/get` polls it and a completed task carries the tool's `result` (a failed one its `error`).
 *   Over Streamable HTTP, `tasks/get`, `tasks/update` and `tasks/cancel` carry the `Mcp-Name` header
 *   set to `params.taskId` (the extension's "Streamable HTTP: Routing Headers"), as `tools/call`
 *   carries the tool's name (SEP-2243): TASK_MCP_NAME says which field each method's header mirrors.
 */
import { z } from 'zod';
import { isRecord } from '../is-record';
import { PROTOCOL_ERAS, type ProtocolEra } from '../protocol';

export const TASK_STATUSES = ['working', 'input_required', 'completed', 'failed', 'cancelled'] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];
const TERMINAL: readonly TaskStatus[] = ['completed', 'failed', 'cancelled'];
export const isTerminal = (status: TaskStatus): boolean => TERMINAL.includes(status);

/** The body field the `Mcp-Name` header mirrors, per method, on 2026-07-28 Streamable HTTP. */
export const TASK_MCP_NAME: Readonly<Record<string, string>> = {
  'tools/call': 'name',
  'tasks/get': 'taskId',
  'tasks/update': 'taskId',
  'tasks/cancel': 'taskId',
};

/** The `Mcp-Name` value a request must carry (null: the method needs none, or the field is missing). */
export function mcpNameOf(method: string, params: unknown): string | null {
  const field = Object.hasOwn(TASK_MCP_NAME, method) ? TASK_MCP_NAME[method] : undefined;
  if (field === undefined || !isRecord(params)) return null;
  const value = params[field];
  return typeof value === 'string' ? value : null;
}

/** What the playground says about a task while it runs and once it ended. */
export const taskUpdateSchema = z.object({
  /** Milliseconds from the call's start. */
  atMs: z.number().int(),
  status: z.enum(TASK_STATUSES),
  statusMessage: z.string().nullable(),
});
export type TaskUpdate = z.infer<typeof taskUpdateSchema>;

export const playgroundTaskSchema = z.object({
  taskId: z.string(),
  /** legacy: SEP-1686's `params.task` and `tasks/result`; modern: the extension's `resultType: "task"`. */
  era: z.enum(PROTOCOL_ERAS),
  status: z.enum(TASK_STATUSES),
  statusMessage: z.string().nullable(),
  /** Each status the polls saw change (status or message), oldest first, at most MAX_TASK_UPDATES. */
  updates: z.array(taskUpdateSchema),
  polls: z.number().int(),
});
export type PlaygroundTask = z.infer<typeof playgroundTaskSchema>;

export const MAX_TASK_UPDATES = 100;
/** Poll no faster than this, and no slower than the longest, whatever the server suggests. */
export const POLL_BOUNDS_MS = { shortest: 200, longest: 5_000, fallback: 1_000 } as const;

/** A task's state as one answer (the creating answer or a poll) gives it. */
export interface TaskState {
  taskId: string;
  status: TaskStatus;
  statusMessage: string | null;
  pollMs: number;
  /** modern, completed: the tool's result inline. */
  result?: unknown;
  /** modern, failed: the JSON-RPC error inline. */
  error?: unknown;
}

const statusOf = (value: unknown): TaskStatus | null =>
  typeof value === 'string' && (TASK_STATUSES as readonly string[]).includes(value) ? (value as TaskStatus) : null;

/** The server's suggested interval, inside POLL_BOUNDS_MS. */
export function pollDelay(suggested: unknown): number {
  if (typeof suggested !== 'number' || !Number.isFinite(suggested)) return POLL_BOUNDS_MS.fallback;
  return Math.min(POLL_BOUNDS_MS.longest, Math.max(POLL_BOUNDS_MS.shortest, Math.round(suggested)));
}

function stateOf(task: Record<string, unknown>, pollKey: string): TaskState | null {
  const status = statusOf(task.status);
  if (typeof task.taskId !== 'string' || task.taskId === '' || status === null) return null;
  return {
    taskId: task.taskId,
    status,
    statusMessage: typeof task.statusMessage === 'string' ? task.statusMessage : null,
    pollMs: pollDelay(task[pollKey]),
    ...('result' in task ? { result: task.result } : {}),
    ...('error' in task ? { error: task.error } : {}),
  };
}

/** A tools/call answer that made a task: its era and state; null for a plain result. */
export function createdTask(result: unknown): { era: ProtocolEra; state: TaskState } | null {
  if (!isRecord(result)) return null;
  if (result.resultType === 'task') {
    const state = stateOf(result, 'pollIntervalMs');
    return state === null ? null : { era: 'modern', state };
  }
  if (isRecord(result.task) && !('content' in result)) {
    const state = stateOf(result.task, 'pollInterval');
    return state === null ? null : { era: 'legacy', state };
  }
  return null;
}

/** A tasks/get answer, in the era the task was made in; null when it is not a task of that id. */
export function polledTask(result: unknown, era: ProtocolEra, taskId: string): TaskState | null {
  if (!isRecord(result)) return null;
  const state = stateOf(result, era === 'modern' ? 'pollIntervalMs' : 'pollInterval');
  return state?.taskId === taskId ? state : null;
}

/**
 * The params of a tools/call: with `task` (SEP-1686) when the 2025 era's server runs tools as tasks
 * and the tool supports it; unchanged otherwise (in the 2026 era the server decides).
 */
export function taskCallParams(
  params: Record<string, unknown>,
  era: ProtocolEra,
  serverRunsToolTasks: boolean,
  taskSupport: string | undefined,
  ttlMs: number,
): Record<string, unknown> {
  if (era !== 'legacy' || !serverRunsToolTasks) return params;
  if (taskSupport !== 'required' && taskSupport !== 'optional') return params;
  return { ...params, task: { ttl: ttlMs } };
}

/** Whether a 2025-era server's initialize capabilities say it runs tools/call as tasks. */
export function serverRunsToolTasks(capabilities: unknown): boolean {
  if (!isRecord(capabilities) || !isRecord(capabilities.tasks)) return false;
  const requests = capabilities.tasks.requests;
  return isRecord(requests) && isRecord(requests.tools) && requests.tools.call !== undefined;
}

/** A tool's `execution.taskSupport` as listed, when it is a string. */
export function taskSupportOf(tool: Record<string, unknown>): string | undefined {
  const execution = tool.execution;
  return isRecord(execution) && typeof execution.taskSupport === 'string' ? execution.taskSupport : undefined;
}
