import { describe, expect, it } from 'vitest';
import { answersWithoutCredentials, requiresAuthorization } from './endpoint';

describe('requiresAuthorization', () => {
  it.each([
    [401, true],
    [403, true],
    [400, false],
    [200, false],
    [null, false],
  ])('%s -> %s', (status, expected) => {
    expect(requiresAuthorization(status)).toBe(expected);
  });
});

describe('answersWithoutCredentials', () => {
  it.each([
    [200, 'application/json', true],
    [202, 'text/event-stream; charset=utf-8', true],
    [200, 'APPLICATION/JSON', true],
    [200, 'text/html', false],
    [200, null, false],
    [401, 'application/json', false],
    [301, 'application/json', false],
    [null, 'application/json', false],
  ])('%s %s -> %s', (status, type, expected) => {
    expect(answersWithoutCredentials(status, type)).toBe(expected);
  });
});
