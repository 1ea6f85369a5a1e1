import { describe, expect, it, vi } from 'vitest';
import { buildReport } from '../../core/report';
import { sampleReportInput, warmAnalysis } from './analysis-warmup';

// The real buildReport, counted.
vi.mock('../../core/report', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../core/report')>();
  return { ...actual, buildReport: vi.fn(actual.buildReport) };
});

describe('the analysis warm-up', () => {
  it("runs every signal family's patterns: the sample's report carries each signal", () => {
    const report = buildReport(sampleReportInput());
    expect(report.errors).toEqual([]);
    const flags = new Set(report.tools.flatMap((tool) => tool.flags.map((flag) => flag.id)));
    for (const signal of [
      'executes-code',
      'deletes-data',
      'exposes-secrets',
      'sends-local-files',
      'unrestricted-url',
      'mentions-other-tool',
      'hidden-characters',
    ])
      expect(flags).toContain(signal);
  });

  it('builds its two reports once per process', () => {
    vi.mocked(buildReport).mockClear();
    warmAnalysis();
    expect(buildReport).toHaveBeenCalledTimes(2);
    warmAnalysis();
    expect(buildReport).toHaveBeenCalledTimes(2);
  });
});
