// The tool CSV as a spreadsheet reads it: LibreOffice (headless) opens the demo's CSV and writes it
// back out with every formula evaluated. The riskiest tool comes first, the server and audit time are
// on every row, invisible characters arrive as markers, and nothing a server wrote runs as a formula.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CSV_HEADERS, reportToCsv } from '../lib/core/csv/tools';
import { buildReport } from '../lib/core/report/report';
import { DEMO_TOOLS } from '../servers/demo/tools';

const SOFFICE = ['/usr/bin/soffice', '/usr/bin/libreoffice'].find((path) => existsSync(path));

function demoCsv(): string {
  const poisoned = { name: '=HYPERLINK("http://127.0.0.1/x","y")', inputSchema: { type: 'object' } };
  return reportToCsv(
    buildReport({
      generator: { name: 'mcp-hintcheck', version: '0' },
      generatedAt: '2026-11-30T10:00:00.000Z',
      target: { transport: 'stdio', command: 'node', args: ['dist/demo-server.mjs'], cwd: null, envNames: [] },
      server: {
        name: 'hintcheck-demo-community',
        version: '1.0.0',
        title: null,
        protocolVersion: '2025-11-25',
        transport: 'stdio',
        capabilities: {},
        instructions: null,
      },
      pages: [{ tools: [...DEMO_TOOLS, poisoned], bytes: 1 }],
      complete: true,
      durationMs: 1,
      process: null,
      errors: [],
      warnings: [],
    }),
  );
}

/** Converts CSV files with LibreOffice (formulas evaluated on import) and returns the re-exported text of each. */
function throughSpreadsheet(files: Record<string, string>): Record<string, string> {
  const dir = mkdtempSync(join(tmpdir(), 'hintcheck-csv-'));
  const inputs = Object.entries(files).map(([name, text]) => {
    const path = join(dir, `${name}.csv`);
    writeFileSync(path, text);
    return path;
  });
  const out = join(dir, 'out');
  execFileSync(
    SOFFICE ?? 'soffice',
    [
      `-env:UserInstallation=file://${join(dir, 'profile')}`,
      '--headless',
      '--infilter=CSV:44,34,76,1',
      '--convert-to',
      'csv:Text - txt - csv (StarCalc):44,34,76,1,,0,false,true,false,false',
      '--outdir',
      out,
      ...inputs,
    ],
    { timeout: 120_000, stdio: 'ignore' },
  );
  return Object.fromEntries(Object.keys(files).map((name) => [name, readFileSync(join(out, `${name}.csv`), 'utf8')]));
}

/** RFC 4180 records, header first. */
function records(csv: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < csv.length; i++) {
    const ch = csv.charAt(i);
    if (quoted) {
      if (ch === '"' && csv.charAt(i + 1) === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(cell);
      cell = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && csv.charAt(i + 1) === '\n') i++;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
    } else cell += ch;
  }
  if (cell !== '' || row.length > 0) rows.push([...row, cell]);
  return rows;
}

describe.skipIf(SOFFICE === undefined)('the tool CSV in a real spreadsheet (LibreOffice)', () => {
  it('reads back riskiest first, with context on every row, markers, and no formula run', () => {
    const out = throughSpreadsheet({ report: demoCsv(), control: 'a,b\r\n=1+1,x\r\n' });
    // The control proves this spreadsheet evaluates formulas on import.
    expect(records(out.control ?? '')[1]?.[0]).toBe('2');

    const [header = [], ...rows] = records(out.report ?? '');
    expect(header).toEqual([...CSV_HEADERS]);
    const at = (row: string[], name: string): string => row[header.indexOf(name)] ?? '';
    expect(rows).toHaveLength(DEMO_TOOLS.length + 1);
    expect(rows.map((row) => at(row, 'rank'))).toEqual(rows.map((_row, i) => String(i + 1)));
    expect(at(rows[0] ?? [], 'name')).toBe('summarize_feedback');
    for (const row of rows) {
      expect([at(row, 'server_name'), at(row, 'server_version'), at(row, 'audited_at')]).toEqual([
        'hintcheck-demo-community',
        '1.0.0',
        '2026-11-30T10:00:00.000Z',
      ]);
    }
    expect(at(rows[0] ?? [], 'description')).toContain('feedback.[U+200B][U+200B][U+2063] When');
    const hostile = rows.find((row) => at(row, 'name').includes('HYPERLINK'));
    expect(at(hostile ?? [], 'name')).toBe('\'=HYPERLINK("http://127.0.0.1/x","y")');
  }, 150_000);
});
