// The playground runs a task tool to its result (issue 50), in the real sandbox: server-everything's
// simulate-research-query (execution.taskSupport "required", 2025-11-25 tasks) is called with
// params.task, polled with tasks/get while its status message moves through its stages, and its
// result read with tasks/result; the session's state shows the progress while the call runs.
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { playgroundCallResultSchema, playgroundStateSchema } from '../lib/core/playground/schema';
import type { PlaygroundTask } from '../lib/core/tasks/task-flow';
import { PlaygroundSession } from '../lib/server/playground/session';
import { ROOT } from './helpers';
import { SANDBOX_TOOLS } from './inline-server';

const EVERYTHING = join(ROOT, 'node_modules/@modelcontextprotocol/server-everything/dist/index.js');
const open: PlaygroundSession[] = [];

afterEach(async () => {
  for (const session of open.splice(0)) await session.close('the test ended');
});

describe.skipIf(!SANDBOX_TOOLS)('the playground runs a task tool', () => {
  it("server-everything's simulate-research-query: params.task, tasks/get progress, tasks/result", async () => {
    const session = await PlaygroundSession.start(
      { transport: 'stdio', command: process.execPath, args: [EVERYTHING, 'stdio'], env: [] },
      { callerEnv: process.env },
    );
    open.push(session);
    const tool = session.started.surface.tools.find((t) => t.name === 'simulate-research-query');
    expect(tool?.taskSupport).toBe('required');

    const call = session.call({
      method: 'tools/call',
      name: 'simulate-research-query',
      arguments: { topic: 'tasks in MCP', ambiguous: false },
    });
    // While it runs, the state carries the task and its status so far.
    const seen: PlaygroundTask[] = [];
    const settled = { done: false };
    void call.finally(() => (settled.done = true));
    while (!settled.done) {
      const task = playgroundStateSchema.parse(session.state()).task;
      if (task !== null) seen.push(task);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const result = playgroundCallResultSchema.parse(await call);
    expect(result.outcome).toBe('ok');
    expect(JSON.stringify(result.result)).toContain('Research Report: tasks in MCP');
    expect(result.inspection?.isError).toBe(false);
    expect(result.task?.era).toBe('legacy');
    expect(result.task?.status).toBe('completed');
    expect(result.task?.polls).toBeGreaterThan(1);
    const messages = result.task?.updates.map((update) => update.statusMessage) ?? [];
    expect(messages).toEqual(expect.arrayContaining(['Gathering sources...', 'Generating report...']));
    expect(result.task?.updates.at(-1)?.status).toBe('completed');
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.some((task) => task.status === 'working')).toBe(true);
    expect(playgroundStateSchema.parse(session.state()).task).toBeNull();

    const log = session.state().log;
    const sent = log.filter((entry) => entry.direction === 'client-to-server' && entry.kind === 'request');
    const call0 = sent.find((entry) => entry.method === 'tools/call');
    const sentParams = (JSON.parse(call0?.json ?? '{}') as { params?: { task?: { ttl?: unknown } } }).params;
    expect(Object.keys(sentParams?.task ?? {})).toEqual(['ttl']);
    expect(typeof sentParams?.task?.ttl).toBe('number');
    expect(sent.filter((entry) => entry.method === 'tasks/get').length).toBe(result.task?.polls);
    expect(sent.some((entry) => entry.method === 'tasks/result')).toBe(true);

    // A tool that is not a task tool is called as before: no task, no params.task.
    const echo = await session.call({ method: 'tools/call', name: 'echo', arguments: { message: 'hi' } });
    expect(echo.task).toBeUndefined();
    expect(JSON.stringify(echo.result)).toContain('hi');
  }, 60_000);
});
