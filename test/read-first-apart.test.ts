// Read first on published servers whose top three share one reason (issue 49): on Notion's recorded
// listing all three are "destructiveHint is true"; the reason is said once, and each tool says what
// sets it apart (the flag the others lack, the effect its name reads as, or a tie placed by name).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { renderReadFirstLines } from '../lib/cli/print/print-read-first';
import { PLAIN } from '../lib/cli/print/terminal';
import { readFirst } from '../lib/core/report/read-first';
import { ROOT } from './helpers';
import { reportOfTools } from './report-input';

const recorded = (name: string) =>
  reportOfTools(
    (JSON.parse(readFileSync(join(ROOT, 'test/fixtures/corpus', `${name}.json`), 'utf8')) as { tools: unknown[] })
      .tools,
  );

describe('Read first when the top three share a reason', () => {
  it('Notion: the reason once, then what sets each apart', () => {
    const report = recorded('notion');
    const first = readFirst(report);
    expect(first.tools.map(({ name, reason, sameAs, apart }) => [name, reason?.id, sameAs, apart])).toEqual([
      ['API-delete-a-block', 'destructive-write', null, 'deletes-data: Says "delete": it may delete or overwrite.'],
      ['API-create-a-comment', 'destructive-write', 1, 'by its name it sends outside'],
      ['API-move-page', 'destructive-write', 1, 'by its name it changes what exists'],
    ]);
    const text = renderReadFirstLines(report, PLAIN).join('\n');
    expect(text.match(/destructiveHint is true/g)).toHaveLength(1);
    expect(text).toContain('    why: as 1. (destructive-write); apart: by its name it sends outside');
  });

  it('server-memory: three equal deletions say they tie and are placed by name', () => {
    const first = readFirst(recorded('server-memory'));
    expect(first.tools.map((tool) => tool.apart)).toEqual([
      'nothing: a tie with delete_observations and delete_relations, placed by name',
      'nothing: a tie with delete_entities and delete_relations, placed by name',
      'nothing: a tie with delete_entities and delete_observations, placed by name',
    ]);
  });

  it('playwright-mcp: three different reasons, nothing added', () => {
    const first = readFirst(recorded('playwright-mcp'));
    expect(first.tools.map((tool) => [tool.sameAs, tool.apart])).toEqual([
      [null, null],
      [null, null],
      [null, null],
    ]);
  });
});
