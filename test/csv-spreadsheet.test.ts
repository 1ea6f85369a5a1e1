// The CSV guard checked by a real spreadsheet engine (issue 14): the exported CSV, with hostile
// tool names and descriptions (= + - @ | %, fullwidth signs, leading space, LF, NBSP), is opened by
// LibreOffice headless with formula evaluation and space trimming on, converted to a flat ODS
// file, and read back: no cell is a formula. A control file without the guard shows the engine
// does evaluate formulas, so the check can fail. The demo's CSV, read back the same way, is in
// review order (issue 24): rank, name, severity, flags, reason, description, then an empty decision.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { reportToCsv } from '../lib/core/csv/tools';
import { buildReport } from '../lib/core/report/report';
import { riskReason } from '../lib/core/report/risk';
import { DEMO_TOOLS } from '../servers/demo/tools';

function findSoffice(): string | null {
  try {
    return execFileSync('sh', ['-c', 'command -v soffice'], { encoding: 'utf8' }).trim() || null;
  } catch {
    return null;
  }
}
const SOFFICE = findSoffice();
const dir = mkdtempSync(join(tmpdir(), 'hintcheck-csv-'));
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

/** Comma, double quote, UTF-8, from line 1, English; "remove spaces" and "evaluate formulas" on. */
const CSV_IMPORT = 'CSV:44,34,76,1,,1033,false,true,false,false,true,-1,true';

/** Converts a CSV file with LibreOffice (its own throwaway profile) and returns the flat ODS XML. */
function openInLibreOffice(name: string, csv: string): string {
  const file = join(dir, `${name}.csv`);
  writeFileSync(file, csv);
  execFileSync(
    SOFFICE ?? 'soffice',
    [
      '--headless',
      '--norestore',
      `-env:UserInstallation=${pathToFileURL(join(dir, 'profile')).href}`,
      `--infilter=${CSV_IMPORT}`,
      '--convert-to',
      'fods',
      '--outdir',
      dir,
      file,
    ],
    { timeout: 120_000, stdio: 'pipe' },
  );
  return readFileSync(join(dir, `${name}.fods`), 'utf8');
}

const XML_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
const xmlText = (xml: string): string =>
  xml.replace(/<[^>]*>/g, '').replace(/&(amp|lt|gt|quot|apos);/g, (_m, name: string) => XML_ENTITIES[name] ?? '');

/** The first sheet of a flat ODS file as rows of cell texts (repeated empty cells expanded, paragraphs joined by LF). */
function sheetRows(fods: string): string[][] {
  return [...fods.matchAll(/<table:table-row[^>]*>([\s\S]*?)<\/table:table-row>/g)].map((row) =>
    [...(row[1] ?? '').matchAll(/<table:table-cell([^>]*?)(?:\/>|>([\s\S]*?)<\/table:table-cell>)/g)].flatMap(
      (cell) => {
        const repeated = Number(/table:number-columns-repeated="(\d+)"/.exec(cell[1] ?? '')?.[1] ?? '1');
        const paragraphs = [...(cell[2] ?? '').matchAll(/<text:p>([\s\S]*?)<\/text:p>/g)];
        return Array<string>(repeated).fill(paragraphs.map((p) => xmlText(p[1] ?? '')).join('\n'));
      },
    ),
  );
}

const formulas = (fods: string): string[] => [...fods.matchAll(/table:formula="([^"]*)"/g)].map((m) => m[1] ?? '');

const HOSTILE = [
  '=1+1',
  '+1+1',
  '-1+1',
  '@SUM(1,1)',
  ' =1+1',
  '\t=1+1',
  '\r=1+1',
  '\n=1+1',
  '\u00a0=1+1',
  '\u3000=1+1',
  '＝1+1',
  '＋1+1',
  '－1+1',
  '＠SUM(1,1)',
  "|cmd '/C calc'!A0",
  '%0A=1+1',
  '=HYPERLINK("http://127.0.0.1/","x")',
];

describe.skipIf(SOFFICE === null)('CSV export opened in LibreOffice (soffice headless)', () => {
  it('the engine evaluates an unguarded formula (control)', () => {
    expect(formulas(openInLibreOffice('control', '=1+1,plain\r\n'))).toEqual(['of:=1+1']);
  });

  it('no cell of the exported CSV is a formula, and every hostile text survives as text', () => {
    const report = buildReport({
      generator: { name: 'mcp-hintcheck', version: '0' },
      generatedAt: '2026-01-01T00:00:00.000Z',
      target: { transport: 'stdio', command: 'x', args: [], cwd: null, envNames: [] },
      server: null,
      pages: [
        {
          tools: HOSTILE.map((text, index) => ({
            name: text,
            title: text,
            description: text,
            inputSchema: { type: 'object' },
            annotations: { title: text, [`k${index}`]: text },
          })),
          bytes: 1,
        },
      ],
      complete: true,
      durationMs: 1,
      process: null,
      oauth: null,
      errors: [],
      warnings: [],
    });
    const fods = openInLibreOffice('export', reportToCsv(report));
    expect(formulas(fods)).toEqual([]);
    const cells = [...fods.matchAll(/<text:p>([^<]*)<\/text:p>/g)].map((m) => m[1] ?? '');
    // The visible signs are still there, as text, after the apostrophe.
    for (const sign of ['=1+1', '＝1+1', '＠SUM(1,1)', '|cmd', '%0A=1+1', 'HYPERLINK']) {
      expect(cells.some((cell) => cell.includes(sign))).toBe(true);
    }
  });

  it('the demo CSV opens in review order: rank, name, severity, flags, reason, description, then an empty decision', () => {
    const report = buildReport({
      generator: { name: 'mcp-hintcheck', version: '0' },
      generatedAt: '2026-11-30T10:00:00.000Z',
      target: { transport: 'stdio', command: 'node', args: ['dist/demo-server.mjs'], cwd: null, envNames: [] },
      server: null,
      pages: [{ tools: DEMO_TOOLS, bytes: 1 }],
      complete: true,
      durationMs: 1,
      process: null,
      oauth: null,
      errors: [],
      warnings: [],
    });
    const [header = [], ...rows] = sheetRows(openInLibreOffice('review', reportToCsv(report)));
    expect(header.slice(0, 6)).toEqual(['rank', 'name', 'severity', 'flags', 'reason', 'description']);
    expect(header.slice(6, 8)).toEqual(['decision', 'notes']);
    expect(rows).toHaveLength(DEMO_TOOLS.length);
    const first = report.tools.find((tool) => tool.risk.rank === 1);
    if (first === undefined) throw new Error('the demo report has no rank 1');
    expect(rows[0]?.slice(0, 5)).toEqual([
      '1',
      'summarize_feedback',
      'high',
      first.flags.map((flag) => `${flag.id}:${flag.severity}`).join(' '),
      riskReason(first.risk),
    ]);
    expect(rows[0]?.[5]).toContain('feedback.[U+200B][U+200B][U+2063] When');
    for (const [index, row] of rows.entries()) {
      expect(row[0]).toBe(String(index + 1));
      expect(row[1]).not.toBe('');
      expect(row[4]).not.toBe('');
      expect([row[6], row[7]]).toEqual(['', '']);
    }
  });
});

if (SOFFICE === null) {
  describe('CSV export opened in LibreOffice', () => {
    it.skip('skipped: soffice (LibreOffice) is not installed; .ci/run installs libreoffice-calc-nogui', () =>
      undefined);
  });
}
