// A JSON Schema as form fields: kinds, labels, required, options; the values a form starts with and reads back as.
import { describe, expect, it } from 'vitest';
import {
  fieldsToFix,
  initialValues,
  MAX_ENUM_OPTIONS,
  readForm,
  readJsonArguments,
  schemaFields,
  UNSET,
} from './schema-fields';

const SCHEMA = {
  type: 'object',
  properties: {
    path: { type: 'string', description: 'Where' },
    count: { type: 'integer', default: 3 },
    ratio: { type: 'number' },
    recursive: { type: 'boolean' },
    force: { type: 'boolean' },
    mode: { type: 'string', enum: ['fast', 'slow'], enumNames: ['Fast', 'Slow'] },
    pet: {
      type: 'string',
      oneOf: [
        { const: 'p1', title: 'Cats' },
        { const: 'p2', title: 'Dogs' },
      ],
    },
    tags: { type: 'array', items: { type: 'string', enum: ['a', 'b', 'c'] } },
    options: { type: 'object', properties: { x: { type: 'number' } } },
    email: { type: 'string', format: 'email', title: 'Email address' },
  },
  required: ['path', 'force', 'mode'],
};

describe('schemaFields', () => {
  const fields = schemaFields(SCHEMA);
  it('reads kinds, labels, required and options in schema order', () => {
    expect(fields.map((f) => [f.name, f.kind, f.required])).toEqual([
      ['path', 'string', true],
      ['count', 'integer', false],
      ['ratio', 'number', false],
      ['recursive', 'boolean', false],
      ['force', 'boolean', true],
      ['mode', 'enum', true],
      ['pet', 'enum', false],
      ['tags', 'multi', false],
      ['options', 'json', false],
      ['email', 'string', false],
    ]);
    expect(fields.find((f) => f.name === 'mode')?.options).toEqual([
      { key: '"fast"', label: 'Fast' },
      { key: '"slow"', label: 'Slow' },
    ]);
    expect(fields.find((f) => f.name === 'pet')?.options.map((o) => o.label)).toEqual(['Cats', 'Dogs']);
    expect(fields.find((f) => f.name === 'email')).toMatchObject({ label: 'Email address', format: 'email' });
  });

  it('has no fields for a schema without properties', () => {
    expect(schemaFields({ type: 'object' })).toEqual([]);
    expect(schemaFields(null)).toEqual([]);
    expect(schemaFields({ properties: [] })).toEqual([]);
  });

  it('starts from the given arguments, else defaults, else empty', () => {
    const values = initialValues(fields, { path: '/tmp/x', tags: ['b'], options: { x: 1 }, recursive: false });
    expect(values).toMatchObject({
      path: '/tmp/x',
      count: '3',
      ratio: '',
      recursive: 'false',
      force: false,
      mode: '"fast"',
      pet: UNSET,
      tags: ['"b"'],
      options: '{\n  "x": 1\n}',
    });
  });

  it('reads the values back as arguments, leaving optional empty fields out', () => {
    const values = { ...initialValues(fields), path: 'a b', ratio: '0.5', tags: ['"a"', '"c"'], mode: '"slow"' };
    expect(readForm(fields, values)).toEqual({
      ok: true,
      values: { path: 'a b', count: 3, ratio: 0.5, force: false, mode: 'slow', tags: ['a', 'c'] },
    });
  });

  it('says why a field cannot be read', () => {
    const values = { ...initialValues(fields), count: '2.5', ratio: 'x', options: '{bad' };
    const read = readForm(fields, values);
    expect(read.ok).toBe(false);
    if (read.ok) return;
    expect(read.errors.path).toBe('Required.');
    expect(read.errors.count).toBe('Not a whole number.');
    expect(read.errors.ratio).toBe('Not a number.');
    expect(read.errors.options).toMatch(/^Not valid JSON/);
  });
});

describe('fields named what every object inherits (issue 48)', () => {
  // Parsed, as a schema arrives: a literal __proto__ key would set the prototype instead.
  const hostile = schemaFields(
    JSON.parse(
      '{"type":"object","properties":{"__proto__":{"type":"string"},"constructor":{"type":"string"},"toString":{"type":"number"}},"required":["__proto__","toString"]}',
    ),
  );

  it('a required __proto__ left empty is an error of its own; an optional constructor is not named', () => {
    expect(hostile.map((field) => field.name)).toEqual(['__proto__', 'constructor', 'toString']);
    const read = readForm(hostile, initialValues(hostile));
    expect(read.ok).toBe(false);
    if (read.ok) return;
    expect(Object.keys(read.errors)).toEqual(['__proto__', 'toString']);
    const bad = fieldsToFix(hostile, read.errors);
    expect(bad.fields.map((field) => field.name)).toEqual(['__proto__', 'toString']);
    expect(bad.focus).toBe(0);
  });

  it('their values go back as keys of their own, the prototype untouched', () => {
    const values = { ...initialValues(hostile), ['__proto__']: 'p', constructor: 'c', toString: '3' };
    const read = readForm(hostile, values);
    expect(read.ok).toBe(true);
    if (!read.ok) return;
    expect(Object.getPrototypeOf(read.values)).toBe(Object.prototype);
    expect(Object.entries(read.values)).toEqual([
      ['__proto__', 'p'],
      ['constructor', 'c'],
      ['toString', 3],
    ]);
  });

  it('no field is to fix when no error names it', () => {
    expect(fieldsToFix(hostile, {})).toEqual({ fields: [], focus: -1 });
  });
});

describe('an enum too long to list (issue 48: 200,000 values froze a form for 32 s)', () => {
  const many = Array.from({ length: 200_000 }, (_, i) => `v${String(i)}`);

  it('above the cap an enum is a text field with a note, and its value is read as typed', () => {
    const started = performance.now();
    const [field, multi, kept] = schemaFields({
      type: 'object',
      properties: {
        colour: { type: 'string', enum: many },
        tags: { type: 'array', items: { type: 'string', enum: many } },
        size: { type: 'string', enum: many.slice(0, MAX_ENUM_OPTIONS) },
      },
      required: ['colour'],
    });
    expect(performance.now() - started).toBeLessThan(500);
    expect(field).toMatchObject({ kind: 'string', options: [] });
    expect(field?.note).toBe('The schema lists 200000 choices, more than the 1000 a form shows: type the value.');
    expect(multi).toMatchObject({ kind: 'json', options: [] });
    expect(multi?.note).toContain('As a JSON array.');
    expect(kept).toMatchObject({ kind: 'enum', note: null });
    expect(kept?.options).toHaveLength(MAX_ENUM_OPTIONS);
    const fields = [field, multi].filter((f) => f !== undefined);
    expect(readForm(fields, { colour: 'v123', tags: '["v1"]' })).toEqual({
      ok: true,
      values: { colour: 'v123', tags: ['v1'] },
    });
  });
});

describe('readJsonArguments', () => {
  it('takes an object, refuses anything else', () => {
    expect(readJsonArguments('{"a":1}')).toEqual({ ok: true, values: { a: 1 } });
    expect(readJsonArguments('')).toEqual({ ok: true, values: {} });
    expect(readJsonArguments('[1]')).toEqual({ ok: false, error: 'The arguments must be a JSON object.' });
    expect(readJsonArguments('{').ok).toBe(false);
  });
});

describe('multi-line strings (issue 49)', () => {
  const fields = schemaFields({
    type: 'object',
    properties: {
      content: { type: 'string' },
      path: { type: 'string', description: 'Where to write' },
      note: { type: 'string', description: 'Free text' },
      payload: { type: 'string', description: 'The body of the request' },
      site: { type: 'string', format: 'uri', description: 'The text of the link' },
      mode: { type: 'string', enum: ['a', 'b'], description: 'The text mode' },
      long: { type: 'string', maxLength: 5000 },
      fileContent: { type: 'string' },
    },
  });
  it('is a text named or described as content, body or text, with no format and no choices', () => {
    expect(fields.map((f) => [f.name, f.multiline])).toEqual([
      ['content', true],
      ['path', false],
      ['note', true],
      ['payload', true],
      ['site', false],
      ['mode', false],
      ['long', true],
      ['fileContent', true],
    ]);
  });
  it('keeps the line breaks typed, end to end into the arguments', () => {
    const read = readForm(fields, { content: 'line one\nline two\r\n\nline four' });
    expect(read).toEqual({ ok: true, values: { content: 'line one\nline two\r\n\nline four' } });
  });
});
