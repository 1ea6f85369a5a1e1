import { describe, expect, it } from 'vitest';
import { CONFIG_FINDING_IDS } from '../config/findings';
import { FLAG_IDS } from '../flags';
import { SESSION_FINDING_IDS } from '../session/findings';

describe('rule ids in one scan run', () => {
  it('flags, configuration findings and session findings never share an id (rules are keyed by id)', () => {
    const all = [...FLAG_IDS, ...CONFIG_FINDING_IDS, ...SESSION_FINDING_IDS];
    expect(new Set(all).size).toBe(all.length);
  });
});
