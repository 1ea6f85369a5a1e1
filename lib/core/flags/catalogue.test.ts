import { describe, expect, it } from 'vitest';
import { analyzeAnnotations } from '../annotations';
import {
  FLAG_DEFINITIONS,
  FLAG_IDS,
  confirmationField,
  flagsForTool,
  hiddenCharacters,
  toolNameProblem,
  type FlagId,
} from './catalogue';

function flagIds(
  annotations: unknown,
  extra: { name?: unknown; inputSchema?: unknown; nameCount?: number; description?: string } = {},
): FlagId[] {
  const name = 'name' in extra ? extra.name : 'tool';
  return flagsForTool({
    name,
    analysis: analyzeAnnotations(annotations),
    inputSchema: 'inputSchema' in extra ? extra.inputSchema : { type: 'object' },
    nameCount: extra.nameCount ?? 1,
    texts: [{ field: 'description', text: extra.description ?? '' }],
  })
    .map((flag) => flag.id)
    .sort();
}

const FULL_READ = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false };

describe('flagsForTool', () => {
  // Every row but 'title only' sends no annotations.title, so each carries the low missing-title flag.
  it.each<[string, unknown, FlagId[]]>([
    ['unannotated', undefined, ['destructive-write', 'open-world-write', 'unannotated', 'missing-title']],
    [
      'empty array',
      [],
      ['destructive-write', 'malformed-annotation', 'open-world-write', 'unannotated', 'missing-title'],
    ],
    ['fully annotated closed read', FULL_READ, ['missing-title']],
    ['open-world read', { ...FULL_READ, openWorldHint: true }, ['open-world-read', 'missing-title']],
    ['title only', { title: 'x' }, ['destructive-write', 'open-world-write', 'partially-annotated']],
    [
      'additive write',
      { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
      ['additive-write', 'missing-title'],
    ],
    [
      'additive open-world write',
      { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
      ['additive-write', 'open-world-write', 'missing-title'],
    ],
    [
      'declared destructive',
      { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
      ['destructive-write', 'missing-title'],
    ],
    [
      'conflict',
      { readOnlyHint: true, destructiveHint: true, idempotentHint: false, openWorldHint: false },
      ['read-only-destructive-conflict', 'missing-title'],
    ],
    [
      'malformed',
      { readOnlyHint: 'true', destructiveHint: false, idempotentHint: false, openWorldHint: false },
      ['additive-write', 'malformed-annotation', 'partially-annotated', 'missing-title'],
    ],
    ['custom keys', { ...FULL_READ, category: 'search' }, ['non-standard-annotation-keys', 'missing-title']],
  ])('%s', (_label, annotations, expected) => {
    expect(flagIds(annotations)).toEqual([...expected].sort());
  });

  it('names the defaulted hints in the partial flag', () => {
    const [flag] = flagsForTool({
      name: 't',
      analysis: analyzeAnnotations({ readOnlyHint: false, title: 'x' }),
      inputSchema: { type: 'object' },
      nameCount: 1,
      texts: [],
    }).filter((f) => f.id === 'partially-annotated');
    expect(flag?.message).toBe(
      'Declares readOnlyHint; defaults apply to destructiveHint (true), idempotentHint (false), openWorldHint (true).',
    );
    expect(flag?.severity).toBe('medium');
  });

  it.each<[string, unknown, boolean]>([
    ['read-only, omits only the hints that do not apply', { readOnlyHint: true, openWorldHint: false }, false],
    ['read-only, omits openWorldHint (it applies)', { readOnlyHint: true }, true],
    ['write, omits idempotentHint', { readOnlyHint: false, destructiveHint: false, openWorldHint: false }, true],
    ['title only', { title: 'x' }, true],
    [
      'read-only with a malformed inapplicable hint',
      { readOnlyHint: true, destructiveHint: 'no', openWorldHint: false },
      false,
    ],
  ])('partially-annotated fires only for a defaulted hint that applies: %s', (_label, annotations, fires) => {
    expect(flagIds(annotations).includes('partially-annotated')).toBe(fires);
  });

  it.each<[string, { name?: unknown; inputSchema?: unknown; description?: string }, FlagId, boolean]>([
    ['run code in a title-less description', { description: 'Run Playwright code (unsafe).' }, 'executes-code', true],
    ['exec in the name', { name: 'shell_exec' }, 'executes-code', true],
    ['a saved script', { description: 'Run a saved automation script.' }, 'executes-code', true],
    ['run a report is not code', { description: 'Run a report on sales.' }, 'executes-code', false],
    ['delete in the name', { name: 'delete_file' }, 'deletes-data', true],
    ['overwrite in the description', { description: 'Overwrites the file.' }, 'deletes-data', true],
    ['a list is not a deletion', { name: 'list_files' }, 'deletes-data', false],
    [
      'a url argument',
      { inputSchema: { type: 'object', properties: { url: { type: 'string' } } } },
      'unrestricted-url',
      true,
    ],
    [
      'a uri format',
      { inputSchema: { type: 'object', properties: { target: { type: 'string', format: 'uri' } } } },
      'unrestricted-url',
      true,
    ],
    [
      'a url restricted by an enum',
      { inputSchema: { type: 'object', properties: { url: { type: 'string', enum: ['https://a.example'] } } } },
      'unrestricted-url',
      false,
    ],
    ['another tool named', { description: 'Then call export_members with the address.' }, 'mentions-other-tool', true],
    ['its own name', { name: 'export_members', description: 'export_members exports.' }, 'mentions-other-tool', false],
    ['a plain word that is a tool name', { description: 'Echo the text.' }, 'mentions-other-tool', false],
  ])('signal in the tool itself: %s', (_label, extra, id, fires) => {
    const ids = flagsForTool({
      name: 'name' in extra ? extra.name : 'tool',
      analysis: analyzeAnnotations(FULL_READ),
      inputSchema: 'inputSchema' in extra ? extra.inputSchema : { type: 'object' },
      nameCount: 1,
      texts: [{ field: 'description', text: extra.description ?? '' }],
      allNames: ['tool', 'export_members', 'echo'],
    }).map((flag) => flag.id);
    expect(ids.includes(id)).toBe(fires);
  });

  it('says why a hint is malformed', () => {
    const flags = flagsForTool({
      name: 't',
      analysis: analyzeAnnotations({ readOnlyHint: 'true', openWorldHint: null }),
      inputSchema: {},
      nameCount: 1,
      texts: [],
    });
    expect(flags.find((f) => f.id === 'malformed-annotation')?.message).toBe(
      'annotations.readOnlyHint is the string "true", not a boolean (default false applies); annotations.openWorldHint is null, not a boolean (default true applies).',
    );
  });

  it.each<[string, { name?: unknown; inputSchema?: unknown; nameCount?: number; description?: string }, FlagId]>([
    [
      'confirmation token',
      { inputSchema: { type: 'object', properties: { confirmationToken: { type: 'string' } } } },
      'confirmation-required',
    ],
    ['duplicate', { nameCount: 2 }, 'duplicate-tool-name'],
    ['bad name', { name: 'has space' }, 'invalid-tool-name'],
    ['missing name', { name: undefined }, 'invalid-tool-name'],
    ['schema string', { inputSchema: 'nope' }, 'invalid-input-schema'],
    ['schema missing', { inputSchema: undefined }, 'invalid-input-schema'],
    ['schema wrong type', { inputSchema: { type: 'array' } }, 'invalid-input-schema'],
    ['bidi override', { description: 'safe \u202Eetirw' }, 'hidden-characters'],
    ['tag characters', { description: 'x\u{E0041}\u{E0042}' }, 'hidden-characters'],
  ])('raises %s', (_label, extra, id) => {
    expect(flagIds(FULL_READ, extra)).toContain(id);
  });

  it('orders flags most severe first', () => {
    const flags = flagsForTool({
      name: 't',
      analysis: analyzeAnnotations({ title: 'x', category: 'c' }),
      inputSchema: { type: 'object' },
      nameCount: 1,
      texts: [],
    });
    expect(flags.map((f) => f.severity)).toEqual(['high', 'high', 'medium', 'info']);
  });

  it('every flag has a definition with an explanation', () => {
    for (const id of FLAG_IDS) {
      const def = FLAG_DEFINITIONS[id];
      expect(def.id).toBe(id);
      expect(def.meaning.length).toBeGreaterThan(20);
      expect(def.doesNotTell.length).toBeGreaterThan(10);
    }
  });
});

describe('toolNameProblem', () => {
  it.each([
    ['get_user', null],
    ['a.b-c_D9', null],
    ['x'.repeat(128), null],
    ['x'.repeat(129), 'name is 129 characters long (at most 128)'],
    ['', 'name is empty'],
    ['has space', 'name contains U+0020'],
    ['<b>', 'name contains "<", ">"'],
    ['zero\u200bwidth', 'name contains U+200B'],
    [42, 'name is the number 42, not a string'],
    [undefined, 'name is absent, not a string'],
  ])('%j', (name, problem) => {
    expect(toolNameProblem(name)).toBe(problem);
  });
});

describe('helpers', () => {
  it('finds confirmation fields by convention', () => {
    expect(confirmationField({ properties: { confirm_token: {} } })).toBe('confirm_token');
    expect(confirmationField({ confirmationToken: {} })).toBe('confirmationToken');
    expect(confirmationField({ properties: { token: {} } })).toBeNull();
    expect(confirmationField('x')).toBeNull();
  });
  it('counts hidden characters', () => {
    expect(hiddenCharacters('a\u200b\u200bb\u202e')).toEqual({ count: 3, labels: ['U+200B', 'U+202E'] });
    expect(hiddenCharacters('plain')).toEqual({ count: 0, labels: [] });
  });
});
