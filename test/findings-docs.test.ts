// The documents that list findings say what the catalogues say (lib/core/finding.ts): each family's
// page names every id of its registry, and docs/config-import.md's table has one row per
// configuration finding, in the registry's order, with its severity. Adding a finding is its file, its
// registration line and its tests; this test then names the sentence or row of documentation to add.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CONFIG_FINDING_DEFINITIONS, CONFIG_FINDING_IDS } from '../lib/core/config/findings';
import { DECLARED_FINDING_IDS } from '../lib/core/declared/definitions';
import { BEHAVIOUR_FINDING_IDS } from '../lib/core/exercise/definitions';
import { FINDING_IDS as OAUTH_FINDING_IDS } from '../lib/core/oauth/definitions';
import { SESSION_FINDING_IDS } from '../lib/core/session/findings';
import { SIGNAL_FINDING_IDS } from '../lib/core/signals/definitions';
import { SURFACE_FINDING_IDS } from '../lib/core/surface/definitions';
import { APP_FINDING_IDS } from '../lib/core/apps/definitions';
import { TOOL_FLAG_IDS } from '../lib/core/tool-flags/rules';
import { ROOT } from './helpers';

const read = (path: string): string => readFileSync(join(ROOT, path), 'utf8');

/** The ids of `ids` the page does not name as `code`. */
const unnamed = (page: string, ids: readonly string[]): string[] => {
  const text = read(page);
  return ids.filter((id) => !text.includes(`\`${id}\``));
};

describe('the documents that list findings', () => {
  it.each<[string, string, readonly string[]]>([
    ['tool flags', 'docs/cli.md', TOOL_FLAG_IDS],
    ['surface findings', 'docs/protocol.md', SURFACE_FINDING_IDS],
    ['MCP Apps findings', 'docs/protocol.md', APP_FINDING_IDS],
    ['signals', 'docs/risk-order.md', SIGNAL_FINDING_IDS],
    ['behaviour findings', 'docs/exercise.md', BEHAVIOUR_FINDING_IDS],
    ['OAuth findings', 'docs/oauth.md', OAUTH_FINDING_IDS],
    ['session findings', 'docs/config-import.md', SESSION_FINDING_IDS],
    ['declared findings (server.json, cards, skills, tools/resolve)', 'docs/server-json.md', DECLARED_FINDING_IDS],
  ])('%s: %s names every id of the registry', (_family, page, ids) => {
    expect(ids.length).toBeGreaterThan(2);
    expect(unnamed(page, ids)).toEqual([]);
  });

  it('docs/config-import.md: one table row per configuration finding, in the registry order, with its severity', () => {
    const section = read('docs/config-import.md').split('\n## Configuration findings')[1]?.split('\n## ')[0] ?? '';
    const rows = section
      .split('\n')
      .filter((row) => /^\| `[a-z-]+` +\|/.test(row))
      .map((row) => row.split('|').map((cell) => cell.trim()));
    expect(rows.map(([, id]) => id?.slice(1, -1))).toEqual([...CONFIG_FINDING_IDS]);
    for (const [, id, severity] of rows) {
      const definition = CONFIG_FINDING_DEFINITIONS[id?.slice(1, -1) as (typeof CONFIG_FINDING_IDS)[number]];
      expect(severity?.split(' ')[0], id).toBe(definition.severity);
    }
  });
});
