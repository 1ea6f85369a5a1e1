// The readiness profiles (issue 50) on a published server of the corpus: Notion's MCP server, its
// real tools/list recorded under test/fixtures/corpus/notion.json (scripts/record-corpus.mjs),
// graded against both directories. Each rule gives pass or fail, the tools it misses and its source
// (URL and the day it was read). server-everything is graded live in readiness-everything.test.ts.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { grade } from '../lib/core/readiness/profile';
import { PROFILES } from '../lib/core/readiness/profiles';
import { analyzeTools } from '../lib/core/report/tool-analysis';
import { ROOT } from './helpers';

const notion = JSON.parse(readFileSync(join(ROOT, 'test/fixtures/corpus/notion.json'), 'utf8')) as {
  tools: unknown[];
};
const { tools } = analyzeTools([{ tools: notion.tools, bytes: 0 }], { context: {}, withCost: false });

const graded = (id: string) => {
  const profile = PROFILES.find((p) => p.id === id);
  if (profile === undefined) throw new Error(`no profile ${id}`);
  return grade(profile, { tools });
};

describe('readiness of a published corpus server (Notion, 24 tools)', () => {
  it("Anthropic's directory: every required rule passes, each with its source", () => {
    const readiness = graded('claude-directory');
    expect(tools).toHaveLength(24);
    expect(readiness.rules.map((rule) => [rule.id, rule.pass])).toEqual([
      ['tool-title', true],
      ['tool-hint', true],
      ['tool-name-length', true],
      ['no-hidden-instructions', true],
    ]);
    expect(readiness.ready).toBe(true);
    for (const rule of readiness.rules) {
      expect(rule.source.url).toMatch(/^https:\/\//);
      expect(rule.source.read).toBe('2026-12-07');
      expect(rule.source.quote.length).toBeGreaterThan(10);
    }
    expect(readiness.notChecked.length).toBeGreaterThan(0);
  });

  it("OpenAI's directory: not ready, every tool leaves destructiveHint and openWorldHint to the defaults", () => {
    const readiness = graded('openai-directory');
    expect(readiness.ready).toBe(false);
    const rule = (id: string) => readiness.rules.find((r) => r.id === id);
    expect(rule('explicit-hints')?.pass).toBe(false);
    expect(rule('explicit-hints')?.level).toBe('required');
    expect(rule('explicit-hints')?.missing).toHaveLength(24);
    expect(rule('explicit-hints')?.missing[0]).toBe('API-get-user (destructiveHint, openWorldHint)');
    expect(rule('narrow-csp')?.pass).toBe(true);
    expect(rule('output-schema')).toMatchObject({ level: 'advisory', pass: false });
    expect(rule('output-schema')?.missing).toEqual(tools.map((tool) => tool.name));
  });
});
