import { describe, expect, it } from 'vitest';
import { FLAG_DEFINITIONS, FLAG_IDS } from '../flags/catalogue';
import { activeContentKind } from './active-content';
import { hostLimitFindings } from './host-limits';
import { iconProblems } from './icons';
import { listCacheFindings } from './list-cache';
import { outputSchemaProblem } from './output-schema';
import { buildSurface, type RawList } from '../report/surface-report';
import { reservedMetaKeys } from './reserved-meta';
import { externalRefs } from './schema-refs';
import { textFindings } from './text-checks';
import { longNameProblem } from './tool-name-length';
import { xMcpHeaderProblems } from './x-mcp-header';

const root = (properties: Record<string, unknown>) => ({ type: 'object', properties });

describe('x-mcp-header rules (2026-07-28)', () => {
  it.each<[string, unknown, RegExp | null]>([
    ['a valid token on a string', root({ q: { type: 'string', 'x-mcp-header': 'Search-Query' } }), null],
    [
      'on a boolean and an integer',
      root({ a: { type: 'boolean', 'x-mcp-header': 'A' }, b: { type: 'integer', 'x-mcp-header': 'B' } }),
      null,
    ],
    ['a space', root({ q: { type: 'string', 'x-mcp-header': 'Has Space' } }), /not an HTTP token/],
    ['CR/LF', root({ q: { type: 'string', 'x-mcp-header': 'A\r\nB' } }), /CR\/LF/],
    ['empty', root({ q: { type: 'string', 'x-mcp-header': '' } }), /not an HTTP token/],
    [
      'a duplicate in another case',
      root({ a: { type: 'string', 'x-mcp-header': 'Dup' }, b: { type: 'string', 'x-mcp-header': 'dup' } }),
      /repeats "Dup"/,
    ],
    [
      'a number',
      root({ n: { type: 'number', 'x-mcp-header': 'N' } }),
      /type "number", which the spec does not admit.*TypeScript SDK accepts it/,
    ],
    ['an object', root({ o: { type: 'object', 'x-mcp-header': 'O' } }), /not a primitive non-number/],
    [
      'nested',
      root({ o: { type: 'object', properties: { s: { type: 'string', 'x-mcp-header': 'S' } } } }),
      /not statically reachable/,
    ],
    ['under anyOf', root({ u: { anyOf: [{ type: 'string', 'x-mcp-header': 'U' }] } }), /not statically reachable/],
    ['not a string', root({ q: { type: 'string', 'x-mcp-header': 42 } }), /not a string/],
    ['no schema at all', undefined, null],
  ])('%s', (_, schema, expected) => {
    const problems = xMcpHeaderProblems(schema);
    if (expected === null) expect(problems).toEqual([]);
    else expect(problems.join('\n')).toMatch(expected);
  });
});

describe('other tool rules', () => {
  it.each<[unknown, string[]]>([
    [root({ a: { $ref: '#/$defs/a' } }), []],
    [root({ a: { $ref: 'https://x.example/s.json' } }), ['properties.a.$ref: https://x.example/s.json']],
    [{ allOf: [{ $ref: 'other.json#/a' }] }, ['allOf[0].$ref: other.json#/a']],
  ])('external $refs of %j', (schema, expected) => {
    expect(externalRefs(schema)).toEqual(expected);
  });

  it.each<[Record<string, unknown>, RegExp | null]>([
    [{}, null],
    [{ outputSchema: { type: 'object' } }, null],
    [{ outputSchema: { type: 'array' } }, /type "array"/],
    [{ outputSchema: 'x' }, /not a JSON Schema object/],
    [{ outputSchema: {} }, /type absent/],
  ])('outputSchema of %j', (raw, expected) => {
    const problem = outputSchemaProblem(raw);
    if (expected === null) expect(problem).toBeNull();
    else expect(problem).toMatch(expected);
  });

  it.each<[unknown, boolean]>([
    ['a'.repeat(64), false],
    ['a'.repeat(65), true],
    ['a'.repeat(129), false],
    [42, false],
  ])('long name %#', (name, flagged) => {
    expect(longNameProblem(name) !== null).toBe(flagged);
  });

  it.each<[unknown, string[]]>([
    [
      { 'io.modelcontextprotocol/ui': 1, 'dev.mcp/x': 2, 'mcp.dev/y': 3, 'example.com/z': 4, plain: 5 },
      ['io.modelcontextprotocol/ui', 'dev.mcp/x'],
    ],
    [[], []],
    [null, []],
  ])('reserved _meta keys of %j', (meta, expected) => {
    expect(reservedMetaKeys(meta)).toEqual(expected);
  });

  it.each<[unknown, string | null, string[]]>([
    [[{ src: 'https://mcp.example.com/i.png' }], 'mcp.example.com', []],
    [[{ src: 'https://cdn.example.com/i.png' }], 'mcp.example.com', []],
    [[{ src: 'https://other.example.net/i.png' }], 'mcp.example.com', ['low']],
    [[{ src: 'https://other.example.net/i.png' }], null, []],
    [[{ src: 'http://mcp.example.com/i.png' }], 'mcp.example.com', ['medium']],
    [[{ src: 'javascript:alert(1)' }], null, ['medium']],
    [[{ src: 'https://mcp.example.com/i.svg' }], 'mcp.example.com', ['medium']],
    [[{ src: 'data:image/svg+xml;base64,PHN2Zz4=' }], null, ['medium']],
    [[{ src: 'data:image/png;base64,AA==' }], null, []],
    [['x', { mimeType: 'image/png' }], null, ['low', 'low']],
    ['not an array', null, ['low']],
  ])('icons %j from %s', (icons, host, severities) => {
    expect(iconProblems(icons, host).map((problem) => problem.severity)).toEqual(severities);
  });

  it.each<[unknown, unknown, string | null]>([
    ['ui://widget/a', undefined, 'mcp-app'],
    ['file:///a', 'text/html;profile=mcp-app', 'mcp-app'],
    ['https://a/b', 'text/html; charset=utf-8', 'html'],
    ['file:///a.md', 'text/markdown', null],
    [undefined, undefined, null],
  ])('active content %s %s', (uri, mime, expected) => {
    expect(activeContentKind(uri, mime)).toBe(expected);
  });
});

describe('text, list and host rules', () => {
  it.each<[string, string[]]>([
    ['plain', []],
    ['zero\u200bwidth', ['hidden-characters']],
    ['x'.repeat(5000), ['oversized-text']],
  ])('text %#', (text, ids) => {
    expect(textFindings([{ field: 'description', text }]).map((finding) => finding.id)).toEqual(ids);
  });

  it.each<[{ ttlMs?: unknown; cacheScope?: unknown }[], boolean, string[]]>([
    [[{ ttlMs: 0, cacheScope: 'private' }], false, []],
    [[{}], false, ['list-cache-fields-missing']],
    [[{ ttlMs: '5', cacheScope: 'private' }], false, ['list-cache-fields-missing']],
    [[{ ttlMs: 1000, cacheScope: 'public' }], false, []],
    [[{ ttlMs: 1000, cacheScope: 'public' }], true, ['public-cache-scope']],
  ])('cache fields %j (auth %s)', (pages, auth, ids) => {
    const raw = pages.map((page) => ({ items: [], bytes: 0, ...page }));
    expect(listCacheFindings('tools/list', raw, auth).map((finding) => finding.id)).toEqual(ids);
  });

  it.each<[number, number | null, string[]]>([
    [128, 20_000, []],
    [129, null, ['too-many-tools']],
    [1, 20_001, ['session-cost-high']],
  ])('host limits: %d tools, %s tokens', (tools, tokens, ids) => {
    expect(hostLimitFindings(tools, tokens).map((finding) => finding.id)).toEqual(ids);
  });

  it('every surface finding is in the one flag catalogue, with its explanation', () => {
    for (const id of FLAG_IDS) {
      const definition = FLAG_DEFINITIONS[id];
      expect(definition.id).toBe(id);
      expect(definition.meaning.length).toBeGreaterThan(20);
      expect(definition.doesNotTell.length).toBeGreaterThan(10);
      expect(definition.reference.length).toBeGreaterThan(5);
    }
  });
});

describe('buildSurface', () => {
  const list = (items: unknown[], extra: Record<string, unknown> = {}): RawList => ({
    declared: true,
    pages: [{ items, bytes: 10, ...extra }],
    complete: true,
    error: null,
  });
  const empty: RawList = { declared: false, pages: [], complete: true, error: null };

  it('costs every item, sums the session start, and raises modern-era cache findings only in that era', () => {
    const skipped: string[] = [];
    const input = {
      tools: list([{ name: 'a' }]),
      prompts: list([{ name: 'p', description: 'Say hi' }, 7]),
      resources: list([{ uri: 'ui://x', name: 'x' }]),
      resourceTemplates: empty,
      instructions: 'Be nice.',
      toolCosts: [{ bytes: 12, tokens: 4 }],
      authRequired: false,
      context: {},
      countTokens: (text: string) => text.length,
      encoding: 'test',
    };
    const legacy = buildSurface({ ...input, era: 'legacy' }, (message) => skipped.push(message));
    expect(legacy.prompts.map((p) => p.name)).toEqual(['p']);
    expect(skipped).toEqual(['prompts[1] on page 1 is the number 7, not an object; it was skipped.']);
    const promptJson = JSON.stringify({ name: 'p', description: 'Say hi' });
    expect(legacy.prompts[0]?.cost).toEqual({ bytes: promptJson.length, tokens: promptJson.length });
    expect(legacy.instructions?.cost).toEqual({ bytes: 8, tokens: 8 });
    expect(legacy.cost.sessionStart).toEqual({ bytes: 20, tokens: 12 });
    expect(legacy.resources[0]?.flags.map((f) => f.id)).toEqual(['active-content']);
    expect(legacy.findings).toEqual([]);
    const modern = buildSurface({ ...input, era: 'modern' });
    expect(modern.findings.map((f) => f.subject)).toEqual(['tools/list', 'prompts/list', 'resources/list']);
  });

  it('without a tokenizer, token figures are null and bytes still count', () => {
    const surface = buildSurface({
      tools: empty,
      prompts: list([{ name: 'p' }]),
      resources: empty,
      resourceTemplates: empty,
      instructions: null,
      toolCosts: [],
      era: null,
      authRequired: false,
      context: {},
      encoding: 'none',
    });
    expect(surface.prompts[0]?.cost).toEqual({ bytes: 12, tokens: null });
    expect(surface.cost.sessionStart).toEqual({ bytes: 0, tokens: null });
  });
});
