// The step-up rules: what an insufficient_scope refusal asks for, and when a new sign-in is made.
import { describe, expect, it } from 'vitest';
import { MAX_STEP_UPS, insufficientScope, nextStepUp } from './step-up';

describe('insufficientScope', () => {
  it.each([
    [403, 'Bearer error="insufficient_scope", scope="a b"', ['a', 'b']],
    [403, 'Bearer scope="a", error="insufficient_scope", resource_metadata="https://h/x"', ['a']],
    [403, 'Bearer error="insufficient_scope"', []],
    [401, 'Bearer error="insufficient_scope", scope="a"', null],
    [403, 'Bearer error="invalid_token", scope="a"', null],
    [403, 'Basic realm="x"', null],
    [403, null, null],
  ])('%i %s', (status, header, expected) => {
    expect(insufficientScope(status, header)).toEqual(expected);
  });
});

describe('nextStepUp', () => {
  it('asks for the union of granted and needed scopes', () => {
    expect(nextStepUp(['mcp:write'], ['mcp:read'], [['mcp:read']])).toEqual({
      ok: true,
      value: ['mcp:read', 'mcp:write'],
    });
  });

  it('does not ask again for a set already asked for (the server refuses what it asks for)', () => {
    const next = nextStepUp(['mcp:admin'], ['mcp:admin'], [['mcp:admin']]);
    expect(next.ok).toBe(false);
    expect(next.ok ? '' : next.reason).toContain('Already signed in asking for mcp:admin');
  });

  it('does not sign in when the refusal names no scope', () => {
    expect(nextStepUp([], ['a'], [['a']]).ok).toBe(false);
  });

  it(`stops after ${MAX_STEP_UPS} more sign-ins whatever the server asks`, () => {
    const requested = [['s0']];
    let granted = ['s0'];
    for (let i = 1; i <= 10; i += 1) {
      const next = nextStepUp([`s${i}`], granted, requested);
      if (!next.ok) break;
      requested.push(next.value);
      granted = next.value;
    }
    expect(requested).toHaveLength(MAX_STEP_UPS + 1);
  });
});
