// Critical (lib/core/severity.ts) sorts first, has its own gate, and is SARIF error at GitHub's
// critical security-severity; a count saved before it existed reads 0.
import { describe, expect, it } from 'vitest';
import { maxSeverity } from './csv/tools';
import { PROMPT_INJECTION_DEFINITION } from './poisoning/definitions';
import { summarySchema } from './report/summary';
import { rule } from './sarif/build';
import { atOrAbove, bySeverity, DEFAULT_FAIL_ON, SEVERITIES, severityGate } from './severity';

describe('critical', () => {
  it('is the most severe, and its gate passes a high', () => {
    expect(SEVERITIES[0]).toBe('critical');
    expect(atOrAbove('critical', 'high')).toBe(true);
    expect(atOrAbove('high', 'critical')).toBe(false);
    expect(bySeverity(['high', 'critical', 'low'] as const, (s) => s)).toEqual(['critical', 'high', 'low']);
  });

  it('is the worst severity a CSV row names', () => {
    expect(maxSeverity({ flags: [{ severity: 'high' }, { severity: 'critical' }] })).toBe('critical');
  });

  it('is a SARIF error at security-severity 9.5 (GitHub: 9 and above is critical)', () => {
    const sarif = rule(PROMPT_INJECTION_DEFINITION.id, PROMPT_INJECTION_DEFINITION, []);
    expect(sarif.defaultConfiguration?.level).toBe('error');
    expect(Number(sarif.properties?.['security-severity'])).toBeGreaterThanOrEqual(9);
  });

  it('reads a saved summary without a critical count as 0', () => {
    const counts = summarySchema.shape.severityCounts.parse({ high: 3, medium: 0, low: 1, info: 0 });
    expect(counts.critical).toBe(0);
  });
});

describe('severityGate (--fail-on of audit, oauth and scan)', () => {
  it.each([
    [undefined, DEFAULT_FAIL_ON],
    ['none', null],
    ['critical', 'critical'],
    ['info', 'info'],
    ['High', undefined],
    ['widening', undefined],
    ['', undefined],
  ] as const)('%s -> %s', (given, gate) => {
    expect(severityGate(given)).toBe(gate);
  });

  it('defaults to high, as the Action does', () => {
    expect(DEFAULT_FAIL_ON).toBe('high');
  });
});
