import { describe, expect, it } from 'vitest';
import type { PlaygroundSurface } from '@/lib/core/playground/schema';
import { filterTools, toolLine } from './tool-filter';

const tool = (name: string, over: Partial<PlaygroundSurface['tools'][number]> = {}) => ({
  name,
  inputSchema: {},
  claims: [],
  generatedArguments: {},
  ...over,
});

const TOOLS = [
  tool('echo', { description: 'Echoes back the input', rank: 3 }),
  tool('get-env', {
    title: 'Environment',
    rank: 1,
    topFlag: { id: 'exposes-secrets', severity: 'high', message: 'm' },
  }),
  tool('write_file', { description: 'Write a file to disk', rank: 2 }),
];

describe('filterTools', () => {
  it.each([
    ['', ['echo', 'get-env', 'write_file']],
    ['ENV', ['get-env']],
    ['environment', ['get-env']],
    ['file disk', ['write_file']],
    ['back input', ['echo']],
    ['nothing', []],
  ])('%j keeps %j', (query, names) => {
    expect(filterTools(TOOLS, query).map((t) => t.name)).toEqual(names);
  });
});

describe('toolLine', () => {
  it('says the rank, the title and the worst flag when known', () => {
    expect(TOOLS.map(toolLine)).toEqual([
      '#3 echo',
      '#1 get-env (Environment) · high: exposes-secrets',
      '#2 write_file',
    ]);
    expect(toolLine(tool('bare'))).toBe('bare');
  });
});
