import { describe, expect, it } from 'vitest';
import { CSV_HEADERS, csvCell, reportToCsv } from './tools';
import { buildReport } from '../report/report';

describe('csvCell', () => {
  it.each([
    ['plain', 'plain'],
    ['a,b', '"a,b"'],
    ['say "hi"', '"say ""hi"""'],
    ['line\nbreak', '"line\nbreak"'],
    ['=1+1', "'=1+1"],
    ['+cmd', "'+cmd"],
    ['-2', "'-2"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\tTAB', "'\tTAB"],
    ['\rCR', '[U+000D]CR'],
    // Issue 20: no raw ESC, CR or NUL in any cell; CRLF inside a cell becomes LF.
    ['\u001b]0;owned\u0007', '[U+001B]]0;owned[U+0007]'],
    ['a\u0000b\u009bc', 'a[U+0000]b[U+009B]c'],
    ['up\u001b[1A\u001b[2Kok', 'up[U+001B][1A[U+001B][2Kok'],
    ['one\r\ntwo\rthree', '"one\ntwo[U+000D]three"'],
    ['rtl\u202eexe', 'rtl[U+202E]exe'],
    ['=HYPERLINK("http://x","y")', `"'=HYPERLINK(""http://x"",""y"")"`],
    // Issue 14: leading whitespace, LF, NBSP, fullwidth signs, | and %.
    [' =1+1', "' =1+1"],
    ['\n=1+1', `"'\n=1+1"`],
    ['\u00a0=1+1', "'\u00a0=1+1"],
    ['\u3000=1+1', "'\u3000=1+1"],
    ['\ufeff=1+1', '[U+FEFF]=1+1'],
    ['＝1+1', "'＝1+1"],
    ['＋1+1', "'＋1+1"],
    ['－1+1', "'－1+1"],
    ['＠SUM(A1)', "'＠SUM(A1)"],
    ["|cmd '/C calc'!A0", "'|cmd '/C calc'!A0"],
    ['%0A=1+1', "'%0A=1+1"],
    ['a=1', 'a=1'],
    ['1-2', '1-2'],
    ['', ''],
    [null, ''],
    [true, 'true'],
    [-3, '-3'],
  ])('%j -> %s', (value, expected) => {
    expect(csvCell(value)).toBe(expected);
  });
});

const demoLike = () =>
  buildReport({
    generator: { name: 'mcp-hintcheck', version: '0' },
    generatedAt: '2026-01-01T00:00:00.000Z',
    target: { transport: 'stdio', command: 'node', args: ['my server.js'], cwd: null, envNames: [] },
    server: {
      name: 'srv',
      version: '1.2',
      title: null,
      protocolVersion: null,
      transport: 'stdio',
      capabilities: {},
      instructions: null,
    },
    pages: [
      {
        tools: [
          { name: 'a', inputSchema: { type: 'object' } },
          { name: '=b', description: 'x, "y"\u200b', annotations: { readOnlyHint: true, destructiveHint: true } },
        ],
        bytes: 10,
      },
    ],
    complete: true,
    durationMs: 1,
    process: null,
    errors: [],
    warnings: [],
  });

/** The CSV parsed back into records (RFC 4180, as a spreadsheet reads it). */
function parseCsv(csv: string): Record<string, string>[] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < csv.length; i++) {
    const ch = csv.charAt(i);
    if (quoted) {
      if (ch === '"' && csv[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(cell);
      cell = '';
    } else if (ch === '\r' && csv[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else cell += ch;
  }
  const [header = [], ...body] = rows;
  return body.map((cells) => Object.fromEntries(header.map((name, i) => [name, cells[i] ?? ''])));
}

describe('reportToCsv', () => {
  it('writes a header and one CRLF-terminated row per tool, riskiest first', () => {
    const csv = reportToCsv(demoLike());
    const lines = csv.split('\r\n');
    expect(lines[0]).toBe(CSV_HEADERS.join(','));
    expect(lines).toHaveLength(4);
    expect(lines[3]).toBe('');
    const rows = parseCsv(csv);
    // =b hides a zero-width space: a poisoning signal ranks it above the unannotated tool.
    expect(rows.map((row) => row.name)).toEqual(["'=b", 'a']);
    expect(rows.map((row) => row.rank)).toEqual(['1', '2']);
  });

  it.each<[string, string, string]>([
    ['a', 'server_name', 'srv'],
    ['a', 'server_version', '1.2'],
    ['a', 'target', 'node "my server.js"'],
    ['a', 'audited_at', '2026-01-01T00:00:00.000Z'],
    // A tool without annotations has no annotations.title either (the missing-title flag, low, last).
    ['a', 'flags', 'unannotated:high destructive-write:high open-world-write:high missing-title:low'],
    ['a', 'severity', 'high'],
    ['a', 'decision', ''],
    ['a', 'notes', ''],
    ['a', 'readOnlyHint_sent', ''],
    ['a', 'destructiveHint', 'true'],
    ['a', 'destructiveHint_source', 'default'],
    ["'=b", 'server_name', 'srv'],
    ["'=b", 'destructiveHint_sent', 'true'],
    ["'=b", 'destructiveHint', 'not-applicable'],
    ["'=b", 'destructiveHint_source', 'not-applicable'],
    ["'=b", 'description', 'x, "y"[U+200B]'],
    ["'=b", 'annotations_json', '{"readOnlyHint":true,"destructiveHint":true}'],
    ["'=b", 'reason', 'high flag · ranks as a destructive write (poisoning signal) · 1 signal (hidden-characters)'],
  ])('%s: %s is %j', (name, column, value) => {
    const row = parseCsv(reportToCsv(demoLike())).find((r) => r.name === name);
    expect(row?.[column]).toBe(value);
  });

  it('is in review order: what to read, the reviewer columns, the hints, the rest, the server last', () => {
    expect(CSV_HEADERS.slice(0, 8)).toEqual([
      'rank',
      'name',
      'severity',
      'flags',
      'reason',
      'description',
      'decision',
      'notes',
    ]);
    expect(CSV_HEADERS.slice(8, 11)).toEqual(['readOnlyHint_sent', 'readOnlyHint', 'readOnlyHint_source']);
    expect(CSV_HEADERS.slice(-4)).toEqual(['server_name', 'server_version', 'target', 'audited_at']);
    expect(new Set(CSV_HEADERS).size).toBe(CSV_HEADERS.length);
  });

  it('carries the inferred effect, labelled as inferred, empty where hints declare the class', () => {
    const report = demoLike();
    const rows = parseCsv(reportToCsv(report));
    expect(rows.map((row) => row.inferred_effect)).toEqual(['', '']);
    const posted = {
      ...report,
      tools: report.tools.map((tool) =>
        tool.name === 'a'
          ? {
              ...tool,
              risk: {
                ...tool.risk,
                inferred: { effect: 'write', word: 'post', from: 'name', why: 'hints-absent' } as const,
              },
            }
          : tool,
      ),
    };
    const row = parseCsv(reportToCsv(posted)).find((r) => r.name === 'a');
    expect(row?.inferred_effect).toBe('write ("post" in its name; hints absent)');
  });

  it('carries the sandbox behaviour (audit --exercise), empty for a tool not called', () => {
    const report = demoLike();
    expect(parseCsv(reportToCsv(report)).map((row) => row.behaviour)).toEqual(['', '']);
    const exercised = {
      ...report,
      tools: report.tools.map((tool) =>
        tool.name === 'a'
          ? {
              ...tool,
              behaviour: { status: 'clean' as const, claims: [], summary: 'called once; nothing seen', calls: [] },
            }
          : tool,
      ),
    };
    const row = parseCsv(reportToCsv(exercised)).find((r) => r.name === 'a');
    expect([row?.behaviour, row?.behaviour_summary]).toEqual(['clean', 'called once; nothing seen']);
  });

  it('names every flag with its message, one per line', () => {
    const row = parseCsv(reportToCsv(demoLike())).find((r) => r.name === "'=b");
    expect((row?.flag_messages ?? '').split('\n').map((line) => line.split(':')[0])).toEqual(
      (row?.flags ?? 'none').split(' ').map((flag) => flag.split(':')[0]),
    );
  });

  it('writes only the tools given (export what is shown), still in risk order', () => {
    const report = demoLike();
    expect(parseCsv(reportToCsv(report, { tools: report.tools.slice(0, 1) })).map((row) => row.name)).toEqual(['a']);
    const rows = parseCsv(reportToCsv(report, { tools: report.tools }));
    expect(rows.map((row) => row.name)).toEqual(["'=b", 'a']);
  });
});
