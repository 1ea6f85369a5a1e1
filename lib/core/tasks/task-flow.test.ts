import { describe, expect, it } from 'vitest';
import {
  POLL_BOUNDS_MS,
  createdTask,
  mcpNameOf,
  pollDelay,
  polledTask,
  serverRunsToolTasks,
  taskCallParams,
  taskSupportOf,
} from './task-flow';

const base = { createdAt: 't', lastUpdatedAt: 't' };

describe('task-flow', () => {
  it('reads a created task in either era, and a plain result as none', () => {
    expect(createdTask({ task: { taskId: 'a', status: 'working', pollInterval: 1000, ...base } })).toEqual({
      era: 'legacy',
      state: { taskId: 'a', status: 'working', statusMessage: null, pollMs: 1000 },
    });
    expect(
      createdTask({ resultType: 'task', taskId: 'b', status: 'working', statusMessage: 'go', pollIntervalMs: 50 }),
    ).toEqual({ era: 'modern', state: { taskId: 'b', status: 'working', statusMessage: 'go', pollMs: 200 } });
    expect(createdTask({ content: [{ type: 'text', text: 'x' }] })).toBeNull();
    expect(createdTask({ resultType: 'task', taskId: '', status: 'working' })).toBeNull();
    expect(createdTask({ resultType: 'task', taskId: 'c', status: 'sleeping' })).toBeNull();
    expect(createdTask(null)).toBeNull();
  });

  it('reads a poll of the same task, with a 2026 result or error inline', () => {
    const done = { resultType: 'complete', taskId: 'b', status: 'completed', result: { content: [] }, ...base };
    expect(polledTask(done, 'modern', 'b')).toMatchObject({ status: 'completed', result: { content: [] } });
    expect(polledTask({ ...done, status: 'failed', error: { code: -32603 } }, 'modern', 'b')).toMatchObject({
      error: { code: -32603 },
    });
    expect(polledTask(done, 'modern', 'other')).toBeNull();
    expect(polledTask({ taskId: 'a', status: 'input_required', pollInterval: 9e9 }, 'legacy', 'a')?.pollMs).toBe(
      POLL_BOUNDS_MS.longest,
    );
  });

  it('bounds the poll interval', () => {
    expect(pollDelay(undefined)).toBe(POLL_BOUNDS_MS.fallback);
    expect(pollDelay(Number.NaN)).toBe(POLL_BOUNDS_MS.fallback);
    expect(pollDelay(0)).toBe(POLL_BOUNDS_MS.shortest);
    expect(pollDelay(1500)).toBe(1500);
  });

  it('asks for a task only in the 2025 era, of a server that runs tools as tasks, for a tool that supports it', () => {
    const params = { name: 't', arguments: {} };
    expect(taskCallParams(params, 'legacy', true, 'required', 60_000)).toEqual({ ...params, task: { ttl: 60_000 } });
    expect(taskCallParams(params, 'legacy', true, 'optional', 1)).toHaveProperty('task');
    expect(taskCallParams(params, 'legacy', true, 'forbidden', 1)).toBe(params);
    expect(taskCallParams(params, 'legacy', true, undefined, 1)).toBe(params);
    expect(taskCallParams(params, 'legacy', false, 'required', 1)).toBe(params);
    expect(taskCallParams(params, 'modern', true, 'required', 1)).toBe(params);
    expect(serverRunsToolTasks({ tasks: { requests: { tools: { call: {} } } } })).toBe(true);
    expect(serverRunsToolTasks({ tasks: { list: {} } })).toBe(false);
    expect(serverRunsToolTasks(undefined)).toBe(false);
    expect(taskSupportOf({ execution: { taskSupport: 'required' } })).toBe('required');
    expect(taskSupportOf({ execution: 'required' })).toBeUndefined();
  });

  it('names the Mcp-Name each task request carries over Streamable HTTP (the extension: params.taskId)', () => {
    expect(mcpNameOf('tasks/get', { taskId: 'abc' })).toBe('abc');
    expect(mcpNameOf('tasks/update', { taskId: 'abc', inputResponses: {} })).toBe('abc');
    expect(mcpNameOf('tasks/cancel', { taskId: 'abc' })).toBe('abc');
    expect(mcpNameOf('tools/call', { name: 'research' })).toBe('research');
    expect(mcpNameOf('tasks/get', {})).toBeNull();
    expect(mcpNameOf('tools/list', {})).toBeNull();
    expect(mcpNameOf('constructor', { name: 'x' })).toBeNull();
  });
});
