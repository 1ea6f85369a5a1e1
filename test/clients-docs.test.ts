// The lists that repeat the client registry (lib/core/config/clients.ts) say what it says: the
// README's "Your servers" line and docs/config-import.md's table name every client by its label, in
// the registry's order, and nothing else. Adding a client is its file, its id and entry in the
// registry, and its test; this test then names the two lines of documentation to add.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CLIENT_IDS, CLIENTS } from '../lib/core/config/clients';
import { ROOT } from './helpers';

const labels = CLIENT_IDS.filter((id) => id !== 'file').map((id) => CLIENTS[id].label);
const read = (path: string): string => readFileSync(join(ROOT, path), 'utf8');

describe('the documents that list the MCP clients', () => {
  it('README: the "Your servers" line names every client, in the registry order', () => {
    const line = /\*\*Your servers\*\*: every server your MCP clients \(([^)]*)\)/.exec(
      read('README.md').replace(/\n\s*/g, ' '),
    );
    expect(line?.[1]?.split(', ')).toEqual(labels);
  });

  it('docs/config-import.md: one table row per client, in the registry order, then --config FILE', () => {
    const rows = read('docs/config-import.md')
      .split('\n')
      .filter((row) => row.startsWith('| ') && !row.startsWith('| client') && !row.startsWith('| ---'))
      .map((row) => row.split('|')[1]?.trim());
    const table = rows.slice(0, rows.indexOf('`--config FILE`') + 1);
    expect(table).toEqual([...labels, '`--config FILE`']);
  });
});
