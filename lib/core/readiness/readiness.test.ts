import { describe, expect, it } from 'vitest';
import { CLAUDE_DIRECTORY } from './claude-directory';
import { OPENAI_DIRECTORY } from './openai-directory';
import { grade, type GradedReport, type ReadinessProfile } from './profile';
import { PROFILE_IDS, PROFILES, profileById } from './profiles';

type Tool = GradedReport['tools'][number];
const tool = (over: Partial<Tool> = {}): Tool => ({ name: 't', flags: [], ...over });
const FULL = { title: 'T', readOnlyHint: true, destructiveHint: false, openWorldHint: false };

function missing(profile: ReadinessProfile, rule: string, report: GradedReport): string[] {
  return grade(profile, report).rules.find((entry) => entry.id === rule)?.missing ?? ['(no such rule)'];
}

describe('every rule cites its source with the day it was read', () => {
  it.each(PROFILES.flatMap((profile) => profile.rules.map((rule) => [profile.id, rule.id, rule] as const)))(
    '%s %s',
    (_profile, _id, rule) => {
      expect(rule.source.url).toMatch(/^https:\/\//);
      expect(rule.source.read).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(rule.source.quote.length).toBeGreaterThan(20);
    },
  );
  it('the zod-free id list (for the CLI start path) names the registry', () => {
    expect(PROFILES.map((profile) => profile.id)).toEqual([...PROFILE_IDS]);
  });
  it('profiles are found by id', () => {
    expect(profileById('claude-directory')).toBe(CLAUDE_DIRECTORY);
    expect(profileById('nope')).toBeNull();
  });
});

describe('Claude connector directory', () => {
  it.each<[string, string, GradedReport, string[]]>([
    ['tool-title', 'a titled tool', { tools: [tool({ annotations: FULL })] }, []],
    ['tool-title', 'a top-level title only', { tools: [tool({ annotations: { readOnlyHint: true } })] }, ['t']],
    ['tool-hint', 'readOnlyHint declared', { tools: [tool({ annotations: { readOnlyHint: true } })] }, []],
    ['tool-hint', 'destructiveHint declared', { tools: [tool({ annotations: { destructiveHint: false } })] }, []],
    ['tool-hint', 'neither', { tools: [tool({ annotations: { title: 'T' } })] }, ['t']],
    ['tool-hint', 'a string hint', { tools: [tool({ annotations: { readOnlyHint: 'true' } })] }, ['t']],
    ['tool-name-length', '64 characters', { tools: [tool({ name: 'a'.repeat(64) })] }, []],
    ['tool-name-length', '65 characters', { tools: [tool({ name: 'a'.repeat(65) })] }, ['a'.repeat(65)]],
    ['no-hidden-instructions', 'clean', { tools: [tool({ flags: [{ id: 'open-world-read', severity: 'low' }] })] }, []],
    [
      'no-hidden-instructions',
      'hidden characters',
      { tools: [tool({ flags: [{ id: 'hidden-characters', severity: 'high' }] })] },
      ['t'],
    ],
    [
      'no-hidden-instructions',
      'a critical finding',
      { tools: [tool({ flags: [{ id: 'x', severity: 'critical' }] })] },
      ['t'],
    ],
  ])('%s: %s', (rule, _label, report, expected) => {
    expect(missing(CLAUDE_DIRECTORY, rule, report)).toEqual(expected);
  });
});

describe('OpenAI apps directory', () => {
  it.each<[string, string, GradedReport, string[]]>([
    ['explicit-hints', 'all three', { tools: [tool({ annotations: FULL })] }, []],
    [
      'explicit-hints',
      'openWorldHint missing',
      { tools: [tool({ annotations: { readOnlyHint: true, destructiveHint: false } })] },
      ['t (openWorldHint)'],
    ],
    [
      'explicit-hints',
      'a null hint',
      { tools: [tool({ annotations: { ...FULL, destructiveHint: null } })] },
      ['t (destructiveHint)'],
    ],
    ['explicit-hints', 'no annotations', { tools: [tool()] }, ['t (readOnlyHint, destructiveHint, openWorldHint)']],
    ['narrow-csp', 'no apps', { tools: [] }, []],
    [
      'narrow-csp',
      'a wildcard',
      { tools: [], apps: { resources: [{ uri: 'ui://a', flags: [{ id: 'app-csp-domain' }] }] } },
      ['ui://a'],
    ],
    ['output-schema', 'declared', { tools: [tool({ outputSchema: { type: 'object' } })] }, []],
    ['output-schema', 'missing', { tools: [tool()] }, ['t']],
  ])('%s: %s', (rule, _label, report, expected) => {
    expect(missing(OPENAI_DIRECTORY, rule, report)).toEqual(expected);
  });

  it('advisory rules warn without failing the verdict; a required one fails it', () => {
    expect(grade(OPENAI_DIRECTORY, { tools: [tool({ annotations: FULL })] }).ready).toBe(true);
    expect(grade(OPENAI_DIRECTORY, { tools: [tool()] }).ready).toBe(false);
  });
});
