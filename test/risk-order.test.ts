// The risk order (lib/core/report/risk.ts) on real servers: the bundled demo over stdio and the published
// servers in node_modules (server-everything, server-memory, and server-filesystem, whose exact
// order is written out below, position by position, from the rule as lib/core/report/risk.ts documents it).
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { inRiskOrder } from '../lib/core/report/risk';
import type { Report } from '../lib/core/report/report';
import { runAudit } from '../lib/server/audit/audit';
import { DEMO_SERVER, ROOT } from './helpers';

const node = (script: string, ...args: string[]) => ({
  transport: 'stdio' as const,
  command: process.execPath,
  args: [script, ...args],
  env: [] as { name: string; value?: string }[],
});

/**
 * Every write ranks above every read, except reads that carry a high flag: poisoned ones, and reads
 * whose own words say they run code or expose secrets (server-everything's get-env: "Returns all
 * environment variables"). Those rank with the writes on purpose (issue 22: a signal a reviewer
 * agrees with outranks a write's class).
 */
function writesAboveReads(report: Report): boolean {
  const ranked = inRiskOrder(report.tools).filter(
    (tool) =>
      tool.risk.level !== 'poisoned' &&
      !(tool.class === 'read-only' && tool.flags.some((flag) => flag.severity === 'high')),
  );
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

/**
 * server-filesystem 2026.8.31, 14 tools, every one fully or read-only annotated with
 * openWorldHint false (so no open-world flag anywhere). The expected order, derived from the rule
 * documented in lib/core/report/risk.ts (score = severity digit, level digit, strongest signal, effect;
 * then the number of signals, then the name). Every tool declares the hints that set its class and
 * no name contradicts them, so nothing is inferred: the effect digit repeats the level's.
 */
const FILESYSTEM_ORDER: [name: string, score: number, why: string][] = [
  // destructive-write is a high flag (4); destructive level (2); "completely overwrite an existing
  // file" in its first sentence raises deletes-data, a strength-2 signal (2); the destructive
  // level's effect tier (4).
  ['write_file', 4224, 'high flag, destructive write, a strength-2 signal (deletes-data: "overwrite")'],
  // Same high flag and level, no signal ("replaces" and "move" are not deletion words): 4204, then name.
  ['edit_file', 4204, 'high flag, destructive write, no signal; "edit_file" < "move_file"'],
  ['move_file', 4204, 'high flag, destructive write, no signal'],
  // destructiveHint false on a write is additive-write, a medium flag (3); additive level (1); no
  // signal (0); the additive level's effect tier, creating (2).
  ['create_directory', 3102, 'medium flag (additive-write), additive write, no signal'],
  // Read-only; "DEPRECATED: Use read_text_file instead." points to another tool of the listing: a
  // cross-reference, mentions-other-tool at low (2), strength 0 (issue 35: it was medium, and a
  // reviewer reads it as documentation). Only an order to call a tool that writes ("call
  // write_file") lifts a read to the destructive level.
  ['read_file', 2000, 'low flag (mentions-other-tool: a cross-reference), read-only, one signal of no strength'],
  // Read-only, closed world, hints that do not apply omitted (so not partially-annotated), no
  // signal in their text: no flag (0), read-only level (0), no signal (0). Ties go by name.
  ['directory_tree', 0, 'no flag, read-only, no signal'],
  ['get_file_info', 0, 'no flag, read-only, no signal'],
  ['list_allowed_directories', 0, 'no flag, read-only, no signal'],
  ['list_directory', 0, 'no flag, read-only, no signal'],
  ['list_directory_with_sizes', 0, 'no flag, read-only, no signal; a longer name after its prefix'],
  ['read_media_file', 0, 'no flag, read-only, no signal'],
  ['read_multiple_files', 0, 'no flag, read-only, no signal'],
  ['read_text_file', 0, 'no flag, read-only, no signal'],
  ['search_files', 0, 'no flag, read-only, no signal'],
];

const FILESYSTEM_WRITES = ['write_file', 'edit_file', 'move_file', 'create_directory'];

describe('risk order on server-filesystem', () => {
  let report: Report;
  beforeAll(async () => {
    const root = mkdtempSync(join(tmpdir(), 'hintcheck-fs-'));
    report = await runAudit(
      node(join(ROOT, 'node_modules/@modelcontextprotocol/server-filesystem/dist/index.js'), root),
    );
  }, 30_000);

  it('lists the 14 tools without errors', () => {
    expect(report.errors).toEqual([]);
    expect(report.tools.map((tool) => tool.name).sort()).toEqual(FILESYSTEM_ORDER.map(([name]) => name).sort());
  });

  it.each(FILESYSTEM_ORDER.map(([name, score, why], i) => [i + 1, name, score, why] as const))(
    'rank %i: %s (score %i: %s)',
    (rank, name, score) => {
      const tool = report.tools.find((candidate) => candidate.name === name);
      expect(tool?.risk.score).toBe(score);
      expect(tool?.risk.rank).toBe(rank);
    },
  );

  it('ranks every write above every read (the issue: writes above reads)', () => {
    const ranked = inRiskOrder(report.tools);
    const writes = ranked.filter((tool) => FILESYSTEM_WRITES.includes(tool.name));
    expect(writes.map((tool) => tool.class).every((toolClass) => toolClass !== 'read-only')).toBe(true);
    const lastWrite = Math.max(...writes.map((tool) => tool.risk.rank));
    const reads = ranked.filter((tool) => tool.risk.level === 'read-only');
    expect(reads).toHaveLength(10);
    expect(Math.min(...reads.map((tool) => tool.risk.rank))).toBeGreaterThan(lastWrite);
    expect(writesAboveReads(report)).toBe(true);
  });
});
