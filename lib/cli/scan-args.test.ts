import { describe, expect, it } from 'vitest';
import { CLIENT_IDS, CLIENTS } from '../core/config/clients';
import { TEXT_WIDTH } from './print/wrap';
import { SCAN_USAGE, parseChoice, parseScanArgs } from './scan-args';

describe('parseChoice', () => {
  it.each<[string, number[] | string]>([
    ['y', [1, 2, 3, 4, 5]],
    ['YES\n', [1, 2, 3, 4, 5]],
    ['', []],
    ['n', []],
    ['2', [2]],
    ['1,3-5', [1, 3, 4, 5]],
    ['5 1 1', [1, 5]],
    ['6', '6 is outside 1-5'],
    ['0', '0 is outside 1-5'],
    ['4-2', '4-2 is outside 1-5'],
    ['rm -rf', '"rm" is not a number or a range'],
  ])('%j -> %j', (answer, expected) => {
    expect(parseChoice(answer, 5)).toEqual(expected);
  });
});

describe('parseScanArgs', () => {
  it.each<[string[], { db: string | undefined; noHistory: boolean }]>([
    [[], { db: undefined, noHistory: false }],
    [['--db', './h.db'], { db: './h.db', noHistory: false }],
    [['--no-history'], { db: undefined, noHistory: true }],
  ])('history option %j, as audit reads it', (args, history) => {
    expect(parseScanArgs(args)).toMatchObject({ history });
  });

  it('reads clients as a comma list or repeated, and defaults', () => {
    expect(parseScanArgs(['--client', 'cursor,vscode', '--client', 'gemini'])).toMatchObject({
      clients: ['cursor', 'vscode', 'gemini'],
      configs: [],
      yes: false,
      concurrency: 4,
      format: 'text',
    });
    expect(parseScanArgs(['--config', 'a.json', '--config', 'b.json', '--yes', '--json'])).toMatchObject({
      clients: null,
      configs: ['a.json', 'b.json'],
      yes: true,
      format: 'json',
    });
  });

  it.each([
    [['--client', 'file']],
    [['--concurrency', '17']],
    [['--format', 'xml']],
    [['positional']],
    [['--unknown']],
  ])('refuses %j', (args) => {
    expect(() => parseScanArgs(args)).toThrow();
  });

  it('offers the nearest client for a typo, and nothing for a word far from every client', () => {
    expect(() => parseScanArgs(['--client', 'cursr'])).toThrow(/Did you mean cursor\?/);
    expect(() => parseScanArgs(['--client', 'vscdoe'])).toThrow(/Did you mean vscode\?/);
    expect(() => parseScanArgs(['--client', 'notepad'])).toThrow(/^(?!.*Did you mean).*is not one of/);
  });

  it.each([
    [[], 'high'],
    [['--fail-on', 'none'], null],
    [['--fail-on', 'low'], 'low'],
  ] as const)('--fail-on %j gates at %j (the default is high, as for audit)', (args, failOn) => {
    expect(parseScanArgs([...args])).toMatchObject({ failOn });
  });
});

describe('SCAN_USAGE follows the client registry', () => {
  const place = { platform: 'linux', home: '/h', projectDir: '/p', env: {} } as const;

  it('names every client and every project file or folder a client reads, within the text width', () => {
    const help = SCAN_USAGE.replace(/\n +/g, ' ');
    for (const id of CLIENT_IDS.filter((name) => name !== 'file')) {
      expect(help).toContain(id);
      for (const location of CLIENTS[id].locations(place).filter((found) => found.scope === 'project')) {
        expect(help).toContain(location.file.slice('/p/'.length).replace(/\/.*$/, '/'));
      }
    }
    const drawn = SCAN_USAGE.split('\n').filter((line) => /codex|\.roo\/|read only these|whose files/.test(line));
    expect(drawn.length).toBeGreaterThanOrEqual(4);
    expect(drawn.filter((line) => line.length > TEXT_WIDTH)).toEqual([]);
  });
});
