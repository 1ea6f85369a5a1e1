import { describe, expect, it } from 'vitest';
import { SCHEMA_TEXT_LIMITS, schemaTexts } from './schema-texts';

describe('schemaTexts', () => {
  it.each([
    ['no schema', undefined, []],
    ['not an object', 'text', []],
    ['the root', { type: 'object', title: 'Args', description: 'All of them' }, ['s.title', 's.description']],
    [
      'properties, nested items and combinators',
      {
        type: 'object',
        properties: {
          path: { type: 'string', description: 'Where' },
          tags: { type: 'array', items: { type: 'string', title: 'Tag' } },
          mode: { anyOf: [{ const: 'a', description: 'Mode a' }, { const: 'b' }] },
        },
        $defs: { id: { type: 'string', description: 'An id' } },
      },
      [
        's.properties.path.description',
        's.properties.tags.items.title',
        's.properties.mode.anyOf[0].description',
        's.$defs.id.description',
      ],
    ],
    [
      'a property named "description" is a subschema, not a text; an empty text is none',
      {
        properties: { description: { type: 'string', description: 'The note' }, title: { type: 'string' } },
        title: '',
      },
      ['s.properties.description.description'],
    ],
    ['a non-string description is not a text', { description: 42, properties: { a: { description: ['x'] } } }, []],
  ] as const)('%s', (_label, schema, fields) => {
    expect(schemaTexts(schema, 's').map((entry) => entry.field)).toEqual(fields);
  });

  it('is bounded in depth and count on a hostile schema', () => {
    let deep: Record<string, unknown> = { description: 'bottom' };
    for (let i = 0; i < 1000; i++) deep = { items: deep, description: `level ${i}` };
    expect(schemaTexts(deep, 's').length).toBe(SCHEMA_TEXT_LIMITS.depth + 1);
    const wide = {
      properties: Object.fromEntries(Array.from({ length: 5000 }, (_, i) => [`p${i}`, { description: 'x' }])),
    };
    expect(schemaTexts(wide, 's')).toHaveLength(SCHEMA_TEXT_LIMITS.texts);
  });
});
