import { describe, expect, it } from 'vitest';
import type { ServerListing } from '../config/entry';
import { groupListings, sessionServerNames } from './batch-groups';

function listing(id: string, name: string, group: string, client: ServerListing['client'] = 'cursor'): ServerListing {
  return {
    id,
    client,
    file: `/home/me/${client}.json`,
    line: Number(id.replace(/\D/g, '') || '1'),
    scope: 'user',
    project: null,
    name,
    transport: 'stdio',
    command: 'node',
    args: [],
    cwd: null,
    envNames: [],
    envSources: [],
    envFile: null,
    headerSources: [],
    url: null,
    headerNames: [],
    disabled: false,
    needs: [],
    group,
    launchable: true,
  };
}

const SERVERS = [
  listing('a1', 'notes', 'g-notes'),
  listing('b2', 'notes', 'g-notes', 'vscode'),
  listing('c3', 'notes', 'g-other', 'claude-code'),
  listing('d4', 'mail', 'g-mail'),
];

describe('groupListings', () => {
  it.each([
    [
      'one item per group, as the first chosen entry',
      ['a1', 'b2', 'd4'],
      [
        ['a1', ['a1', 'b2']],
        ['d4', ['d4']],
      ],
      [],
    ],
    [
      'the order of the choice',
      ['d4', 'b2', 'a1'],
      [
        ['d4', ['d4']],
        ['b2', ['b2', 'a1']],
      ],
      [],
    ],
    ['unknown ids apart, never grouped', ['zz', 'c3'], [['c3', ['c3']]], ['zz']],
    ['nothing chosen', [], [], []],
  ] as const)('%s', (_label, ids, items, unknown) => {
    const grouped = groupListings(SERVERS, ids);
    expect([...grouped.listings].map(([id, listings]) => [id, listings.map((l) => l.id)])).toEqual(items);
    expect(grouped.unknown).toEqual(unknown);
  });
});

describe('sessionServerNames', () => {
  it.each([
    ['a name used once stays plain', ['a1', 'd4'], { a1: 'notes', d4: 'mail' }],
    [
      'two servers of one name are told apart by client, file and line',
      ['a1', 'c3'],
      { a1: 'notes (Cursor /home/me/cursor.json:1)', c3: 'notes (Claude Code /home/me/claude-code.json:3)' },
    ],
    ['an id without listings keeps its id', ['x9'], { x9: 'x9' }],
  ] as const)('%s', (_label, ids, expected) => {
    const { listings } = groupListings(SERVERS, ids);
    const { names, serverIds } = sessionServerNames(listings, ids);
    expect(Object.fromEntries(names)).toEqual(expected);
    for (const [id, name] of names) expect(serverIds.get(name)).toBe(id);
  });
});
