import { describe, expect, it } from 'vitest';
import { cacheFieldFindings, cacheFieldProblem } from './cache-fields';

describe('cacheFieldProblem', () => {
  it.each<[unknown, string | null]>([
    [{ skills: [], ttlMs: 0, cacheScope: 'private' }, null],
    [{ skills: [], ttlMs: 60_000, cacheScope: 'public' }, null],
    [{ skills: [] }, 'no ttlMs, no cacheScope'],
    [{ ttlMs: -1, cacheScope: 'public' }, 'ttlMs -1 is not a non-negative integer'],
    [{ ttlMs: 1.5, cacheScope: 'public' }, 'ttlMs 1.5 is not a non-negative integer'],
    [
      { ttlMs: '60', cacheScope: 'shared' },
      'ttlMs "60" is not a non-negative integer, cacheScope "shared" is not "public" or "private"',
    ],
    [{ ttlMs: 5 }, 'no cacheScope'],
    [null, 'the result is not an object'],
  ])('%j', (result, problem) => {
    expect(cacheFieldProblem(result)).toBe(problem);
  });
});

describe('cacheFieldFindings', () => {
  const envelopes = [
    { method: 'skills/list' as const, about: null, result: { skills: [] } },
    { method: 'skills/list' as const, about: 'page-2', result: { skills: [], ttlMs: 0, cacheScope: 'private' } },
    { method: 'skills/get' as const, about: 'skill://a/SKILL.md', result: { skill: {}, cacheScope: 'public' } },
  ];
  it('names each modern result without valid fields', () => {
    expect(cacheFieldFindings(envelopes, true).map((finding) => finding.message)).toEqual([
      'skills/list (first page): no ttlMs, no cacheScope.',
      'skills/get skill://a/SKILL.md: no ttlMs.',
    ]);
  });
  it('checks nothing in the 2025 era', () => {
    expect(cacheFieldFindings(envelopes, false)).toEqual([]);
  });
});
