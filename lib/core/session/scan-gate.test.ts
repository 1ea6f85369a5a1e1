import { describe, expect, it } from 'vitest';
import { failsScanGate } from './scan-gate';
import type { Severity } from '../severity';

const found = (...severities: Severity[]) => severities.map((severity) => ({ severity }));

describe('failsScanGate', () => {
  it.each<[string, { severity: Severity }[], Severity | null, boolean]>([
    ['no --fail-on never fails', found('high'), null, false],
    ['a high finding fails high', found('low', 'high'), 'high', true],
    ['a medium one passes high', found('medium', 'info'), 'high', false],
    ['a medium one fails medium', found('medium'), 'medium', true],
    ['a low one passes medium', found('low'), 'medium', false],
    ['nothing found passes info', [], 'info', false],
    ['an info finding fails info', found('info'), 'info', true],
  ])('%s', (_name, findings, failOn, fails) => {
    expect(failsScanGate(findings, failOn)).toBe(fails);
  });
});
