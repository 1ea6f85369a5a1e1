import { describe, expect, it } from 'vitest';
import { analyzeAnnotations } from '../annotations';
import { describeInferred, guessEffect, inferEffect } from './inferred-effect';

describe('guessEffect', () => {
  it.each<[string, string | null, string | null, string | null]>([
    ['slack_post_message', null, 'write', 'post'],
    ['slack_get_users', null, 'read', 'get'],
    ['merge_pull_request', null, 'destructive-write', 'merge'],
    ['push_files', null, 'destructive-write', 'push'],
    ['create_or_update_file', null, 'destructive-write', 'update'],
    ['get_pull_request_comments', null, 'read', 'get'],
    ['toggle-subscriber-updates', null, 'write', 'toggle'],
    ['trigger-long-running-operation', 'Demonstrates a long running operation.', null, null],
    ['exportMembers', null, 'write', 'export'],
    ['weather', 'Returns the forecast for a city.', 'read', 'returns'],
    ['weather', 'Forecasts. Then deletes the cache.', null, null],
    ['weather', null, null, null],
  ])('%s / %s -> %s (%s)', (name, description, effect, word) => {
    const guess = guessEffect(name, description);
    expect(guess === null ? null : [guess.effect, guess.word]).toEqual(effect === null ? null : [effect, word]);
  });
});

describe('inferEffect: shown only where hints are absent or contradicted', () => {
  const READ = { readOnlyHint: true, destructiveHint: false, openWorldHint: false };
  const ADDITIVE = { readOnlyHint: false, destructiveHint: false, openWorldHint: false };
  it.each<[string, unknown, string, string | null]>([
    ['no annotations: inferred', undefined, 'get_issue', 'hints-absent'],
    ['title only: inferred', { title: 'x' }, 'post_message', 'hints-absent'],
    ['malformed readOnlyHint: inferred', { readOnlyHint: 'true' }, 'get_stats', 'hints-absent'],
    ['declared read-only, read name: agrees, not shown', READ, 'get_issue', null],
    ['declared read-only, delete in the name: contradiction', READ, 'delete_repo', 'contradicts-hints'],
    ['declared additive, create: agrees', ADDITIVE, 'create_note', null],
    ['declared additive, update in the name: contradiction', ADDITIVE, 'update_note', 'contradicts-hints'],
    ['write without destructiveHint, read name: not shown', { readOnlyHint: false }, 'get_x', null],
    ['write without destructiveHint, post: inferred', { readOnlyHint: false }, 'post_x', 'hints-absent'],
  ])('%s', (_label, annotations, name, why) => {
    const inferred = inferEffect(name, null, analyzeAnnotations(annotations).effective);
    expect(inferred?.why ?? null).toBe(why);
  });

  it('says it is inferred and not declared', () => {
    const inferred = inferEffect('merge_pull_request', null, analyzeAnnotations(undefined).effective);
    expect(inferred).not.toBeNull();
    if (inferred !== null)
      expect(describeInferred(inferred)).toMatch(/^inferred from its name \("merge"\).*not declared/);
  });
});
