import { describe, expect, it } from 'vitest';
import { failsAuditGate, worstAuditSeverity } from './audit-gate';
import { buildSurface, type RawList } from './surface-report';

const list = (items: unknown[]): RawList => ({
  declared: true,
  pages: [{ items, bytes: 10 }],
  complete: true,
  error: null,
});
const empty: RawList = { declared: false, pages: [], complete: true, error: null };

function surfaceWith(prompts: unknown[]) {
  return buildSurface({
    tools: empty,
    prompts: list(prompts),
    resources: empty,
    resourceTemplates: empty,
    instructions: null,
    toolCosts: [],
    authRequired: false,
    context: {},
    encoding: 'test',
    era: 'legacy',
  });
}

describe('the audit gate (--fail-on) looks at the whole surface', () => {
  const clean = surfaceWith([{ name: 'greet', description: 'Say hello' }]);
  // A zero-width space and a tag character hidden in a prompt's description: flagged on the prompt only.
  const hidden = surfaceWith([{ name: 'greet', description: 'Say hello\u200b\u{E0041}' }]);

  it('nothing flagged: no worst severity, no gate fails', () => {
    expect(worstAuditSeverity({ tools: [], surface: clean })).toBeNull();
    expect(failsAuditGate({ tools: [], surface: clean }, 'info')).toBe(false);
  });

  it('a prompt alone carries a flag: its severity is the worst, and the gate at or below it fails', () => {
    const flagged = hidden.prompts[0]?.flags ?? [];
    expect(flagged.length).toBeGreaterThan(0);
    const worst = worstAuditSeverity({ tools: [], surface: hidden });
    expect(worst).toBe(flagged[0]?.severity);
    expect(failsAuditGate({ tools: [], surface: hidden }, 'info')).toBe(true);
    expect(failsAuditGate({ tools: [], surface: hidden }, null)).toBe(false);
  });

  it('a report without a surface section is judged by its tools', () => {
    expect(worstAuditSeverity({ tools: [] })).toBeNull();
  });
});
