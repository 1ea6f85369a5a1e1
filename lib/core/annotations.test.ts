import { describe, expect, it } from 'vitest';
import { analyzeAnnotations, isAdditiveWrite, isDestructive, isOpenWorld, isReadOnly, toolClass } from './annotations';

// The article's script, verbatim, as the oracle for the predicates.
const article = {
  readOnly: (a: unknown) => (a as { readOnlyHint?: unknown } | undefined)?.readOnlyHint === true,
  destructive: (a: unknown) =>
    !article.readOnly(a) && (a as { destructiveHint?: unknown } | undefined)?.destructiveHint !== false,
  openWorld: (a: unknown) => (a as { openWorldHint?: unknown } | undefined)?.openWorldHint !== false,
  additive: (a: unknown) =>
    !article.readOnly(a) && (a as { destructiveHint?: unknown } | undefined)?.destructiveHint === false,
};

describe('analyzeAnnotations', () => {
  it.each([
    ['absent', undefined, 'unannotated'],
    ['null', null, 'unannotated'],
    ['empty object', {}, 'unannotated'],
    ['empty array', [], 'unannotated'],
    ['a string', 'readOnly', 'unannotated'],
    ['a number', 7, 'unannotated'],
    ['title only', { title: 'Hi' }, 'partial'],
    ['readOnly only', { readOnlyHint: true }, 'partial'],
    ['three hints', { readOnlyHint: false, destructiveHint: false, openWorldHint: false }, 'partial'],
    [
      'a malformed hint',
      { readOnlyHint: 'true', destructiveHint: false, idempotentHint: false, openWorldHint: false },
      'partial',
    ],
    ['a non-empty array', [1], 'partial'],
    ['all four', { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: true }, 'full'],
    [
      'all four and extras',
      { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false, category: 'x' },
      'full',
    ],
  ])('%s is %s', (_label, raw, state) => {
    expect(analyzeAnnotations(raw).state).toBe(state);
  });

  it.each([
    [undefined],
    [null],
    [{}],
    [[]],
    [{ title: 'x' }],
    [{ readOnlyHint: true }],
    [{ readOnlyHint: true, destructiveHint: true }],
    [{ readOnlyHint: 'true' }],
    [{ readOnlyHint: false, destructiveHint: false }],
    [{ readOnlyHint: false, destructiveHint: 'false' }],
    [{ destructiveHint: 0 }],
    [{ openWorldHint: false }],
    [{ openWorldHint: null }],
    [{ openWorldHint: 'false' }],
    [{ readOnlyHint: true, openWorldHint: false }],
  ])('predicates match the article script for %j', (raw) => {
    const { effective } = analyzeAnnotations(raw);
    expect(isReadOnly(effective)).toBe(article.readOnly(raw));
    expect(isDestructive(effective)).toBe(article.destructive(raw));
    expect(isOpenWorld(effective)).toBe(article.openWorld(raw));
    expect(isAdditiveWrite(effective)).toBe(article.additive(raw));
  });

  it('an unannotated tool is a destructive open-world write, from defaults', () => {
    const { effective } = analyzeAnnotations(undefined);
    expect(effective).toEqual({
      readOnlyHint: { value: false, source: 'default' },
      destructiveHint: { value: true, source: 'default' },
      idempotentHint: { value: false, source: 'default' },
      openWorldHint: { value: true, source: 'default' },
    });
    expect(toolClass(effective)).toBe('destructive-write');
  });

  it('marks destructive and idempotent not applicable on a read-only tool, keeping what was sent', () => {
    const { effective } = analyzeAnnotations({ readOnlyHint: true, destructiveHint: true });
    expect(effective.readOnlyHint).toEqual({ value: true, source: 'declared', sent: true });
    expect(effective.destructiveHint).toEqual({ value: false, source: 'not-applicable', sent: true });
    expect(effective.idempotentHint).toEqual({ value: false, source: 'not-applicable' });
    expect(toolClass(effective)).toBe('read-only');
  });

  it('reports malformed hints, applies their defaults and keeps the raw value', () => {
    const result = analyzeAnnotations({ readOnlyHint: 'true', destructiveHint: 1, openWorldHint: null });
    expect(result.malformedHints).toEqual(['readOnlyHint', 'destructiveHint', 'openWorldHint']);
    expect(result.effective.readOnlyHint).toEqual({ value: false, source: 'malformed', sent: 'true' });
    expect(result.effective.destructiveHint).toEqual({ value: true, source: 'malformed', sent: 1 });
    expect(result.effective.openWorldHint).toEqual({ value: true, source: 'malformed', sent: null });
    expect(toolClass(result.effective)).toBe('destructive-write');
  });

  it.each([
    [[], 'annotations is an empty array, not an object'],
    ['yes', 'annotations is the string "yes", not an object'],
    [3, 'annotations is the number 3, not an object'],
    [null, null],
    [undefined, null],
    [{}, null],
  ])('container problem for %j', (raw, problem) => {
    expect(analyzeAnnotations(raw).containerProblem).toBe(problem);
  });

  it('lists non-standard keys and reads annotations.title', () => {
    const result = analyzeAnnotations({ title: 'T', readOnlyHint: true, category: 'search', conditions: [] });
    expect(result.nonStandardKeys).toEqual(['category', 'conditions']);
    expect(result.title).toBe('T');
  });

  it('classifies additive writes', () => {
    const { effective } = analyzeAnnotations({ readOnlyHint: false, destructiveHint: false });
    expect(toolClass(effective)).toBe('additive-write');
  });
});
