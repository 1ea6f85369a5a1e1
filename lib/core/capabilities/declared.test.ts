import { describe, expect, it } from 'vitest';
import { HOST_CAPABILITIES, TASKS_EXTENSION, declaresTasks, withoutTasks } from './declared';

describe('tasks in the declared capabilities', () => {
  it('host declares tasks in both eras', () => {
    expect(declaresTasks(HOST_CAPABILITIES)).toBe(true);
    expect(HOST_CAPABILITIES.extensions).toEqual({ [TASKS_EXTENSION]: {} });
  });
  it.each<[string, Record<string, unknown>, Record<string, unknown>, boolean]>([
    [
      'host',
      HOST_CAPABILITIES,
      { roots: { listChanged: true }, sampling: {}, elicitation: { form: {}, url: {} } },
      true,
    ],
    ['2025 tasks only', { tasks: { list: {} }, sampling: {} }, { sampling: {} }, true],
    [
      'the extension only, beside another',
      { extensions: { [TASKS_EXTENSION]: {}, 'x.example/other': {} } },
      { extensions: { 'x.example/other': {} } },
      true,
    ],
    ['none', {}, {}, false],
  ])('%s', (_label, capabilities, without, declared) => {
    expect(declaresTasks(capabilities)).toBe(declared);
    expect(withoutTasks(capabilities)).toEqual(without);
    expect(declaresTasks(withoutTasks(capabilities))).toBe(false);
  });
});
