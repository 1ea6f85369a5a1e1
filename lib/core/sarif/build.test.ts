import { describe, expect, it } from 'vitest';
import { lineOfChange } from './build';

const CONTRACT = `{
  "tools": [
    {
      "name": "notes"
    }
  ],
  "prompts": {
    "items": [
      {
        "name": "notes"
      }
    ]
  },
  "resources": {
    "items": [
      {
        "uri": "file:///notes"
      }
    ]
  },
  "resourceTemplates": {
    "items": [
      {
        "uriTemplate": "file:///{name}"
      }
    ]
  }
}`;

describe('lineOfChange', () => {
  it.each([
    ['a tool', { tool: 'notes' }, 4],
    ['a prompt of the same name as a tool', { tool: null, item: { type: 'prompt', id: 'notes' } }, 10],
    ['a resource', { tool: null, item: { type: 'resource', id: 'file:///notes' } }, 17],
    ['a template', { tool: null, item: { type: 'resourceTemplate', id: 'file:///{name}' } }, 24],
    ['a server-wide change', { tool: null }, 1],
    ['an item the file does not list', { tool: null, item: { type: 'prompt', id: 'gone' } }, 1],
  ] as const)('%s', (_label, change, line) => {
    expect(lineOfChange(CONTRACT, change)).toBe(line);
  });
});
