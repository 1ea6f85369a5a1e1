import { describe, expect, it } from 'vitest';
import { failsScanGate, type ScanGateInput } from './scan-gate';
import type { Severity } from '../severity';

const finding = (severity: Severity) => ({ severity });
const report = (severity: Severity | null) =>
  ({
    tools: severity === null ? [] : [{ flags: [{ id: 'x', severity, message: '' }] }],
    surface: undefined,
  }) as unknown as ScanGateInput['reports'][number];

describe('failsScanGate', () => {
  it.each<[string, ScanGateInput, Severity | null, boolean]>([
    ['no --fail-on never fails', { configFindings: [finding('high')], sessionFindings: [], reports: [] }, null, false],
    [
      'a high configuration finding fails high',
      { configFindings: [finding('high')], sessionFindings: [], reports: [] },
      'high',
      true,
    ],
    [
      'a medium one passes high',
      { configFindings: [finding('medium')], sessionFindings: [], reports: [] },
      'high',
      false,
    ],
    [
      'a medium one fails medium',
      { configFindings: [finding('medium')], sessionFindings: [], reports: [] },
      'medium',
      true,
    ],
    ['a session finding counts', { configFindings: [], sessionFindings: [finding('high')], reports: [] }, 'high', true],
    [
      'an audited tool flag counts',
      { configFindings: [], sessionFindings: [], reports: [report('high')] },
      'high',
      true,
    ],
    [
      'a low tool flag passes medium',
      { configFindings: [], sessionFindings: [], reports: [report('low')] },
      'medium',
      false,
    ],
    ['nothing found passes info', { configFindings: [], sessionFindings: [], reports: [report(null)] }, 'info', false],
  ])('%s', (_name, input, failOn, fails) => {
    expect(failsScanGate(input, failOn)).toBe(fails);
  });
});
