/**
 * The "Your servers" batch as SARIF 2.1.0, from what the page holds (batch-findings.ts), built by
 * the CLI's builder (lib/core/sarif/scan.ts), files relative to the dashboard's project folder, so
 * `scan --format sarif` run there on the same batch writes the same document.
 */
import { batchToSarif, sarifText } from '@/lib/core/sarif/scan';
import { batchInput, type FinishedBatch } from './batch-findings';

export function batchSarifText(
  batch: FinishedBatch,
  generator: { name: string; version: string },
  generatedAt: string,
): string {
  return sarifText(
    batchToSarif({
      generator,
      generatedAt,
      root: batch.list.project ?? '',
      home: batch.list.home,
      ...batchInput(batch),
    }),
  );
}
