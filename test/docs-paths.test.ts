// Nothing in the README or docs/ names a file that does not exist: every repository path written in
// them (lib/…, components/…, test/… with an extension, or a folder ending in /), and every entry of
// the file-by-file layout in docs/architecture.md (its top-level paths and the names indented under
// them), is checked against the tree.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from './helpers';

const TOP = '(?:lib|components|app|test|bench|scripts|bin|e2e|servers|docs|action|public)';
const PATH = new RegExp(`(?<![\\w./@-])${TOP}/[\\w./@\\[\\]-]*[\\w/\\]]`, 'g');

/** Repository paths written in `text`: files with an extension, or folders ending in a slash. */
export function pathsIn(text: string): string[] {
  return [...new Set(text.match(PATH) ?? [])]
    .map((path) => path.replace(/[.,:;)]+$/, ''))
    .filter((path) => /\.[a-z]{2,5}$/.test(path) || path.endsWith('/'));
}

/** The entries of a layout block: a path at column 0, or a name indented two spaces under the last one. */
export function layoutEntries(text: string): string[] {
  const block = /```\n([\s\S]*?)```/.exec(text)?.[1] ?? '';
  const entries: string[] = [];
  let parent = '';
  for (const line of block.split('\n')) {
    const top = /^(\S+)\s/.exec(`${line} `);
    const nested = /^ {2}(\S+)\s/.exec(`${line} `);
    if (top?.[1] !== undefined) {
      parent = top[1].endsWith('/') ? top[1] : '';
      entries.push(top[1]);
    } else if (nested?.[1] !== undefined && parent !== '') entries.push(`${parent}${nested[1]}`);
  }
  return entries.map((entry) => entry.replace(/[.,:;]+$/, '')).filter((entry) => !entry.includes('*'));
}

const docs = [
  'README.md',
  ...readdirSync(join(ROOT, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`),
];

describe('pathsIn and layoutEntries', () => {
  it.each([
    [
      'see `lib/core/flags.ts` and lib/cli/formats/, lib/core/*.ts',
      ['lib/core/flags.ts', 'lib/cli/formats/', 'lib/core/'],
    ],
    ['(test/import-graph.test.ts).', ['test/import-graph.test.ts']],
    ['node_modules/zod/index.js, @/lib/core/x.ts and https://example.com/docs/x.md', []],
  ])('%s', (text, expected) => {
    expect(pathsIn(text)).toEqual(expected);
  });
  it('reads a layout block', () => {
    expect(
      layoutEntries('```\nlib/core/   pure\n  flags.ts   the flags\n             more text\nbin/x.cjs  entry\n```'),
    ).toEqual(['lib/core/', 'lib/core/flags.ts', 'bin/x.cjs']);
  });
});

describe('the README and docs/', () => {
  it.each(docs)('%s names only files that exist', (doc) => {
    const missing = pathsIn(readFileSync(join(ROOT, doc), 'utf8')).filter((path) => !existsSync(join(ROOT, path)));
    expect(missing).toEqual([]);
  });

  it('docs/architecture.md lays out only files that exist', () => {
    const entries = layoutEntries(readFileSync(join(ROOT, 'docs/architecture.md'), 'utf8'));
    expect(entries.length).toBeGreaterThan(40);
    expect(entries.filter((entry) => !existsSync(join(ROOT, entry)))).toEqual([]);
  });
});
