import { describe, expect, it } from 'vitest';
import { analyzeAnnotations } from '../annotations';
import type { Severity } from '../severity';
import { appOnlyTool } from './app-only-tool';
import type { ToolFacts } from './facts';
import { missingTitle } from './missing-title';
import type { ToolRule } from './rule';

function raised<Id extends string>(
  rule: ToolRule<Id>,
  raw: Record<string, unknown>,
): [Id, Severity | undefined, string][] {
  const out: [Id, Severity | undefined, string][] = [];
  const facts: ToolFacts = {
    name: raw.name,
    analysis: analyzeAnnotations(raw.annotations),
    inputSchema: {},
    nameCount: 1,
    texts: [],
    raw,
  };
  rule.check(facts, (id, message, severity) => out.push([id, severity, message]));
  return out;
}

describe('missing-title', () => {
  it.each<[string, Record<string, unknown>, RegExp | null]>([
    ['no annotations', { name: 't' }, /raw name/],
    ['annotations without a title', { name: 't', annotations: { readOnlyHint: true } }, /raw name/],
    ['a blank title', { name: 't', annotations: { title: '  ' } }, /raw name/],
    ['a top-level title only', { name: 't', title: 'Tee', annotations: {} }, /top-level title \("Tee"\)/],
    ['annotations.title', { name: 't', annotations: { title: 'Tee' } }, null],
  ])('%s', (_label, raw, expected) => {
    const found = raised(missingTitle, raw);
    if (expected === null) expect(found).toEqual([]);
    else expect(found[0]?.[2]).toMatch(expected);
  });
});

describe('app-only-tool', () => {
  it.each<[string, Record<string, unknown>, Severity | null]>([
    ['no _meta.ui', { name: 't' }, null],
    ['default visibility', { name: 't', _meta: { ui: { resourceUri: 'ui://a' } } }, null],
    ['model and app', { name: 't', _meta: { ui: { visibility: ['model', 'app'] } } }, null],
    [
      'app only, a read',
      { name: 't', annotations: { readOnlyHint: true }, _meta: { ui: { visibility: ['app'] } } },
      'low',
    ],
    [
      'app only, a write',
      { name: 't', annotations: { readOnlyHint: false }, _meta: { ui: { visibility: ['app'] } } },
      'medium',
    ],
    ['app only, unannotated (a write by default)', { name: 't', _meta: { ui: { visibility: ['app'] } } }, 'medium'],
    ['empty visibility', { name: 't', annotations: { readOnlyHint: true }, _meta: { ui: { visibility: [] } } }, 'low'],
  ])('%s', (_label, raw, severity) => {
    const found = raised(appOnlyTool, raw);
    if (severity === null) expect(found).toEqual([]);
    else expect(found[0]?.[1]).toBe(severity);
  });
});
