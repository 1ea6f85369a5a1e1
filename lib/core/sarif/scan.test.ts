import { describe, expect, it } from 'vitest';
import { CONFIG_FINDING_IDS } from '../config/findings';
import { FLAG_IDS } from '../flags/catalogue';
import { FINDING_IDS as OAUTH_FINDING_IDS } from '../oauth/findings';
import { SESSION_FINDING_IDS } from '../session/findings';

describe('rule ids in one scan run', () => {
  it('flags, OAuth, configuration and session findings never share an id (rules and definitions are keyed by id)', () => {
    const all = [...FLAG_IDS, ...OAUTH_FINDING_IDS, ...CONFIG_FINDING_IDS, ...SESSION_FINDING_IDS];
    expect(new Set(all).size).toBe(all.length);
  });
});
