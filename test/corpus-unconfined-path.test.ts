import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { unconfinedPath } from '../lib/core/signals/unconfined-path';
import { nameWords } from '../lib/core/signals/words';
import { ROOT } from './helpers';

// The published servers of the corpus: named for the exercise only where the tool says the server
// enforces its folders (server-filesystem and desktop-commander: "Only works within allowed directories"),
// so the signal is raised on none of them.
describe('unconfined-path on test/fixtures/corpus', () => {
  const dir = join(ROOT, 'test/fixtures/corpus');
  const fired = readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .flatMap((file) => {
      const listing = JSON.parse(readFileSync(join(dir, file), 'utf8')) as {
        tools?: { name: string; title?: string; description?: string; inputSchema?: unknown }[];
      };
      return (listing.tools ?? []).flatMap((tool) => {
        const prose = [tool.title, tool.description].filter((one): one is string => typeof one === 'string');
        const found = unconfinedPath(nameWords(tool.name), prose, tool.inputSchema);
        return found === null ? [] : [{ server: file.replace(/\.json$/, ''), tool: tool.name, ...found }];
      });
    });

  it("is raised on none: each tool named carries the server's own statement", () => {
    expect(fired.filter((one) => one.enforced === null)).toEqual([]);
    expect(fired).toHaveLength(20);
    expect([...new Set(fired.map((one) => one.server))].sort()).toEqual(['desktop-commander', 'server-filesystem']);
  });
});
