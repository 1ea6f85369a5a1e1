// The risk order (lib/core/risk.ts) on real servers: the bundled demo over stdio and the published
// servers in node_modules. server-filesystem is not installed here, so server-everything and
// server-memory stand in for "writes above reads" on a published server.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { inRiskOrder } from '../lib/core/risk';
import type { Report } from '../lib/core/report';
import { runAudit } from '../lib/server/audit';
import { DEMO_SERVER, ROOT } from './helpers';

const node = (script: string, ...args: string[]) => ({
  transport: 'stdio' as const,
  command: process.execPath,
  args: [script, ...args],
  env: [] as { name: string; value?: string }[],
});

/** Every write ranks above every read, poisoned reads aside (they rank with the writes on purpose). */
function writesAboveReads(report: Report): boolean {
  const ranked = inRiskOrder(report.tools).filter((tool) => tool.risk.level !== 'poisoned');
  const lastWrite = ranked.findLastIndex((tool) => tool.class !== 'read-only');
  const firstRead = ranked.findIndex((tool) => tool.class === 'read-only');
  return firstRead === -1 || lastWrite === -1 || lastWrite < firstRead;
}

describe('risk order on real servers', () => {
  it.each<[string, () => ReturnType<typeof node>, (names: string[], report: Report) => void]>([
    [
      'the bundled demo',
      () => node(DEMO_SERVER),
      (names) => {
        expect(names.indexOf('summarize_feedback')).toBeLessThan(5);
        expect(names.slice(-2).sort()).toEqual(['get_quest', 'list_members']);
      },
    ],
    [
      'server-everything',
      () => node(join(ROOT, 'node_modules/@modelcontextprotocol/server-everything/dist/index.js'), 'stdio'),
      (names, report) => {
        expect(report.tools.length).toBeGreaterThan(5);
        expect(names).toContain('echo');
      },
    ],
    [
      'server-memory',
      () => {
        const target = node(join(ROOT, 'node_modules/@modelcontextprotocol/server-memory/dist/index.js'));
        const file = join(mkdtempSync(join(tmpdir(), 'hintcheck-risk-')), 'memory.jsonl');
        return { ...target, env: [{ name: 'MEMORY_FILE_PATH', value: file }] };
      },
      (names) => {
        // The deletions lead; the reads (read_graph, search_nodes, open_nodes) close the list.
        expect(names.slice(0, 3).every((name) => name.startsWith('delete_'))).toBe(true);
        expect(names.slice(-3).sort()).toEqual(['open_nodes', 'read_graph', 'search_nodes']);
      },
    ],
  ])('%s: writes above reads, ranks 1..n', async (_label, target, check) => {
    const report = await runAudit(target());
    expect(report.errors).toEqual([]);
    const names = inRiskOrder(report.tools).map((tool) => tool.name);
    expect(writesAboveReads(report)).toBe(true);
    expect(report.tools.map((tool) => tool.risk.rank).sort((a, b) => a - b)).toEqual(
      report.tools.map((_tool, i) => i + 1),
    );
    check(names, report);
  });
});
