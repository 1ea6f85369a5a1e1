import { describe, expect, it } from 'vitest';
import {
  HEADER_MISMATCH_CODE,
  PROBE_OTHER_TASK_ID,
  servesTasksExtension,
  taskNameHeaderFindings,
  type TaskHeaderAnswer,
} from './task-name-header';

const unknownTask: TaskHeaderAnswer = { status: 200, code: -32602 };
const refused: TaskHeaderAnswer = { status: 400, code: HEADER_MISMATCH_CODE };

describe('task-name-header', () => {
  it.each<[string, TaskHeaderAnswer, TaskHeaderAnswer, TaskHeaderAnswer, string[]]>([
    ['a server that refuses both (the SDK)', unknownTask, refused, refused, []],
    [
      'one that serves both',
      unknownTask,
      unknownTask,
      unknownTask,
      ['task-name-header-mismatch-accepted', 'task-name-header-not-required'],
    ],
    [
      'one that refuses a mismatch and serves a missing header',
      unknownTask,
      refused,
      unknownTask,
      ['task-name-header-not-required'],
    ],
    ['a 400 with the draft code still counts as refused', unknownTask, { status: 400, code: -32001 }, refused, []],
    ['a control refused: nothing is evidence', refused, unknownTask, unknownTask, []],
    ['a control answered "method not found"', { status: 404, code: -32601 }, unknownTask, unknownTask, []],
    ['a control answered 200 with method not found', { status: 200, code: -32601 }, unknownTask, unknownTask, []],
    ['a control that never came back', { status: null, code: null }, unknownTask, unknownTask, []],
    ['a control asking for sign-in', { status: 401, code: null }, unknownTask, unknownTask, []],
    ['a mismatch that timed out is not served', unknownTask, { status: null, code: null }, refused, []],
  ])('%s', (_label, control, mismatched, missing, ids) => {
    expect(taskNameHeaderFindings({ control, mismatched, missing }).map((f) => f.id)).toEqual(ids);
  });

  it('says what was sent and answered, at its severity', () => {
    const [mismatch, missing] = taskNameHeaderFindings({
      control: unknownTask,
      mismatched: { status: 200, code: null },
      missing: unknownTask,
    });
    expect(mismatch).toMatchObject({ severity: 'medium' });
    expect(mismatch?.message).toContain(`Mcp-Name "${PROBE_OTHER_TASK_ID}" was answered (HTTP 200)`);
    expect(mismatch?.message).toContain('not refused with HTTP 400 and -32020');
    expect(missing).toMatchObject({ severity: 'low' });
    expect(missing?.message).toContain('without Mcp-Name was answered (HTTP 200, JSON-RPC -32602)');
    expect(taskNameHeaderFindings(null)).toEqual([]);
  });

  it('reads the tasks extension from a 2026-07-28 server’s capabilities only', () => {
    expect(servesTasksExtension({ extensions: { 'io.modelcontextprotocol/tasks': {} } })).toBe(true);
    expect(servesTasksExtension({ tasks: { requests: { tools: { call: {} } } } })).toBe(false);
    expect(servesTasksExtension({ extensions: [] })).toBe(false);
    expect(servesTasksExtension(null)).toBe(false);
  });
});
