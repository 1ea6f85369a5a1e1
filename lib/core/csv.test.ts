import { describe, expect, it } from 'vitest';
import { CSV_HEADERS, csvCell, reportToCsv } from './csv';
import { buildReport } from './report';

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
    ['\rCR', `"'\rCR"`],
    ['=HYPERLINK("http://x","y")', `"'=HYPERLINK(""http://x"",""y"")"`],
    // Issue 14: leading whitespace, LF, NBSP, fullwidth signs, | and %.
    [' =1+1', "' =1+1"],
    ['\n=1+1', `"'\n=1+1"`],
    ['\u00a0=1+1', "'\u00a0=1+1"],
    ['\u3000=1+1', "'\u3000=1+1"],
    ['\ufeff=1+1', "'\ufeff=1+1"],
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

describe('reportToCsv', () => {
  it('writes a header and one CRLF-terminated row per tool', () => {
    const report = buildReport({
      generator: { name: 'mcp-hintcheck', version: '0' },
      generatedAt: '2026-01-01T00:00:00.000Z',
      target: { transport: 'stdio', command: 'x', args: [], cwd: null, envNames: [] },
      server: null,
      pages: [
        {
          tools: [
            { name: 'a', inputSchema: { type: 'object' } },
            { name: '=b', description: 'x, "y"', annotations: { readOnlyHint: true } },
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
    const csv = reportToCsv(report);
    const lines = csv.split('\r\n');
    expect(lines[0]).toBe(CSV_HEADERS.join(','));
    expect(lines).toHaveLength(4);
    expect(lines[3]).toBe('');
    expect(
      lines[1]?.startsWith(
        'a,a,destructive-write,unannotated,false,default,true,default,false,default,true,default,false,true,true,false,high,',
      ),
    ).toBe(true);
    expect(
      lines[2]?.startsWith(
        "'=b,'=b,read-only,partial,true,declared,false,not-applicable,false,not-applicable,true,default",
      ),
    ).toBe(true);
    expect(lines[2]).toContain('"x, ""y"""');
    expect(lines[2]).toContain('"{""readOnlyHint"":true}"');
  });
});
