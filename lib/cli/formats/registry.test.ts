// The format registry: every format has its file here, under its own name, the formats
// each command writes follow from the renderers, and a format a command does not write is refused
// with the list of those it does.
import { describe, expect, it } from 'vitest';
import { AuditError } from '../../server/errors';
import { USAGE } from '../usage';
import {
  COMMAND_KINDS,
  FORMAT_NAMES,
  FORMATS,
  chooseFormat,
  formatsFor,
  renderAs,
  type FormatCommand,
} from './registry';

describe('the format registry', () => {
  it('has each format under its own name, with its help line and its file', () => {
    expect(FORMAT_NAMES).toEqual(['text', 'json', 'csv', 'sarif', 'junit', 'markdown']);
    for (const name of FORMAT_NAMES) {
      expect(FORMATS[name].name).toBe(name);
      expect(FORMATS[name].description.length).toBeGreaterThan(10);
      expect(FORMATS[name].file.extension).toMatch(/^[a-z]+$/);
      expect(FORMATS[name].file.mediaType).toMatch(/^[a-z]+\/[a-z+.-]+(;charset=utf-8)?$/);
    }
  });

  it.each<[FormatCommand, string[]]>([
    ['audit', ['text', 'json', 'csv', 'sarif', 'junit', 'markdown']],
    ['history show', ['text', 'json', 'csv', 'sarif', 'junit', 'markdown']],
    ['oauth', ['text', 'json', 'csv']],
    ['contract write', ['json']],
    ['verify', ['text', 'json', 'sarif', 'junit', 'markdown']],
    ['history diff', ['text', 'json', 'sarif', 'junit', 'markdown']],
    ['history list', ['text', 'json']],
    ['history prune', ['text', 'json']],
    ['history delete', ['text', 'json']],
    ['scan', ['text', 'json', 'csv', 'sarif', 'markdown']],
  ])('%s writes %j', (command, formats) => {
    expect(formatsFor(command)).toEqual(formats);
  });

  it('lists every command', () => {
    expect(Object.keys(COMMAND_KINDS).sort()).toEqual(
      [
        'audit',
        'oauth',
        'contract write',
        'verify',
        'history list',
        'history show',
        'history diff',
        'history prune',
        'history delete',
        'scan',
      ].sort(),
    );
  });

  it('can write the partial report of verify in every format verify writes', () => {
    for (const format of formatsFor('verify')) expect(formatsFor('audit')).toContain(format);
  });

  it('writes every kind of result in JSON (the one serialisation)', () => {
    for (const command of Object.keys(COMMAND_KINDS) as FormatCommand[]) expect(formatsFor(command)).toContain('json');
  });
});

describe('chooseFormat', () => {
  const refusal = (values: { json?: boolean; format?: string }, command: FormatCommand): AuditError => {
    try {
      chooseFormat(values, command);
    } catch (error) {
      if (error instanceof AuditError) return error;
      throw error;
    }
    throw new Error('accepted');
  };

  it('defaults to text, or to the only format (contract write: json); --json is json', () => {
    expect(chooseFormat({}, 'audit')).toBe('text');
    expect(chooseFormat({}, 'contract write')).toBe('json');
    expect(chooseFormat({ json: true }, 'history list')).toBe('json');
    expect(chooseFormat({ format: 'csv' }, 'scan')).toBe('csv');
  });

  it.each(Object.keys(COMMAND_KINDS) as FormatCommand[])('%s: an unknown format lists the valid ones', (command) => {
    const error = refusal({ format: 'xml' }, command);
    expect(error.code).toBe('bad-input');
    expect(error.message).toContain(`--format "xml" is not a format; ${command} writes `);
    for (const format of formatsFor(command)) expect(error.message).toContain(format);
  });

  it.each<[FormatCommand, string, string]>([
    ['verify', 'csv', 'verify does not write --format csv; it writes text, json, sarif, junit or markdown.'],
    ['oauth', 'sarif', 'oauth does not write --format sarif; it writes text, json or csv.'],
    ['scan', 'junit', 'scan does not write --format junit; it writes text, json, csv, sarif or markdown.'],
    ['contract write', 'text', 'contract write does not write --format text; it writes json.'],
    ['history list', 'markdown', 'history list does not write --format markdown; it writes text or json.'],
  ])('%s --format %s is refused with what it writes', (command, format, message) => {
    expect(refusal({ format }, command).message).toBe(message);
  });

  it('cuts a long format name and points scan to its own help', () => {
    const error = refusal({ format: 'x'.repeat(200) }, 'scan');
    expect(error.message).toContain(`"${'x'.repeat(40)}…"`);
    expect(error.hint).toBe('Run mcp-hintcheck scan --help for usage.');
  });
});

describe('renderAs', () => {
  it('refuses a kind the format has no renderer for (a bug, not a user error)', async () => {
    await expect(renderAs('csv', 'drift', {} as never)).rejects.toThrow('The csv format has no drift renderer.');
  });

  it('writes JSON one way: two spaces, a final newline', async () => {
    const contract = { kind: 'mcp-surface-contract', tools: [] } as never;
    expect(await renderAs('json', 'contract', { contract })).toBe(`${JSON.stringify(contract, null, 2)}\n`);
  });
});

describe('--help', () => {
  it('lists each format with its line, and what each command writes, from the registry', () => {
    for (const name of FORMAT_NAMES) expect(USAGE).toContain(`  ${name.padEnd(10)}${FORMATS[name].description}\n`);
    expect(USAGE).toContain('  audit, history show: text, json, csv, sarif, junit or markdown\n');
    expect(USAGE).toContain('  contract write: json\n');
    expect(USAGE).toContain('  scan: text, json, csv, sarif or markdown\n');
  });
});
