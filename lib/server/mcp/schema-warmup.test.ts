import { describe, expect, it } from 'vitest';
import type { ProtocolChoice } from '../../core/protocol';
import { erasToWarm } from './schema-warmup';

describe('erasToWarm: the SDK schemas built before a server first answers', () => {
  it.each<[string, ProtocolChoice, boolean, string[]]>([
    ['auto on stdio: the 2025 era (the server boots on these cores)', { mode: 'auto' }, true, ['legacy']],
    ['auto over HTTP: both (the server boots elsewhere)', { mode: 'auto' }, false, ['legacy', 'modern']],
    ['--protocol legacy', { mode: 'legacy' }, true, ['legacy']],
    ['--protocol modern', { mode: 'modern' }, true, ['modern']],
    ['a pinned 2025 revision', { mode: 'pinned', version: '2025-06-18' }, false, ['legacy']],
    ['the pinned current revision', { mode: 'pinned', version: '2026-07-28' }, true, ['modern']],
  ])('%s', (_label, choice, onThisMachine, eras) => {
    expect(erasToWarm(choice, onThisMachine)).toEqual(eras);
  });
});
