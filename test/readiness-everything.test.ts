// The readiness profiles (issue 50) on the published server-everything 2026.8.31, audited live over
// stdio as a host connects (19 tools), graded against both directories: each rule's pass or fail, the
// tools it misses and its source. The expectations were read from the server's own source
// (dist/tools/*.js): every tool sets readOnlyHint, destructiveHint, idempotentHint and openWorldHint,
// titles itself at the top level (`title`, not `annotations.title`), and only get-structured-content
// declares an outputSchema.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { grade } from '../lib/core/readiness/profile';
import { PROFILES } from '../lib/core/readiness/profiles';
import type { Report } from '../lib/core/report/report';
import { runAudit } from '../lib/server/audit/audit';
import { ROOT } from './helpers';

const EVERYTHING = {
  transport: 'stdio' as const,
  command: process.execPath,
  args: [join(ROOT, 'node_modules/@modelcontextprotocol/server-everything/dist/index.js'), 'stdio'],
  env: [],
};

let audited: Promise<Report> | null = null;
const everything = (): Promise<Report> =>
  (audited ??= runAudit(EVERYTHING, { timeoutMs: 30_000, includeDeclared: false }));

const graded = async (id: string) => {
  const profile = PROFILES.find((p) => p.id === id);
  if (profile === undefined) throw new Error(`no profile ${id}`);
  const report = await everything();
  return { report, readiness: grade(profile, report) };
};

describe('readiness of server-everything (live, 19 tools as a host sees them)', () => {
  it("Anthropic's directory: not ready, no tool carries annotations.title; the hint, name and text rules pass", async () => {
    const { report, readiness } = await graded('claude-directory');
    expect(report.errors).toEqual([]);
    expect(report.tools).toHaveLength(19);
    expect(readiness.rules.map((rule) => [rule.id, rule.level, rule.pass])).toEqual([
      ['tool-title', 'required', false],
      ['tool-hint', 'required', true],
      ['tool-name-length', 'required', true],
      ['no-hidden-instructions', 'required', true],
    ]);
    expect(readiness.ready).toBe(false);
    expect(readiness.rules[0]?.missing).toEqual(report.tools.map((tool) => tool.name));
    for (const rule of readiness.rules) {
      expect(rule.source.url).toBe('https://claude.com/docs/connectors/building/review-criteria');
      expect(rule.source.read).toBe('2026-12-07');
      expect(rule.source.quote.length).toBeGreaterThan(10);
    }
  }, 60_000);

  it("OpenAI's directory: ready, every hint explicit; only get-structured-content declares an outputSchema", async () => {
    const { report, readiness } = await graded('openai-directory');
    expect(readiness.rules.map((rule) => [rule.id, rule.level, rule.pass])).toEqual([
      ['explicit-hints', 'required', true],
      ['narrow-csp', 'advisory', true],
      ['output-schema', 'advisory', false],
    ]);
    expect(readiness.ready).toBe(true);
    const names = report.tools.map((tool) => tool.name);
    expect(readiness.rules[2]?.missing).toEqual(names.filter((name) => name !== 'get-structured-content'));
    for (const rule of readiness.rules) {
      expect(rule.source.url).toMatch(/^https:\/\/github\.com\/openai\/plugins\//);
      expect(rule.source.read).toBe('2026-12-07');
    }
  }, 60_000);
});
