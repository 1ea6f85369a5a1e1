/**
 * The batch's downloads: the overview CSV (each row's findings from the walk of every finding,
 * batch-findings.ts), one JSON of every Report ("All reports", lib/core/session/scan-export.ts) and
 * SARIF (servers-sarif.ts).
 */
import { PRODUCT_NAME } from '@/lib/core/product';
import { buildScanExport } from '@/lib/core/session/scan-export';
import { overviewToCsv } from '@/lib/core/session/overview';
import { csv as CSV } from '@/lib/cli/formats/csv';
import { formatFileName } from '@/lib/cli/formats/definition';
import { json } from '@/lib/cli/formats/json';
import { sarif } from '@/lib/cli/formats/sarif';
import { jsonText } from '@/lib/core/report/json';
import { download } from '@/components/ui/download';
import type { Batch } from './batch-state';
import { batchFindings, type FinishedBatch } from './batch-findings';
import { batchSarifText } from './servers-sarif';

/** The dashboard's version, as its reports give it. */
function generatorOf(batch: Batch): { name: string; version: string } {
  const report = [...batch.results.values()].find((result) => result.report !== null)?.report;
  return { name: PRODUCT_NAME, version: report?.generator.version ?? '' };
}

/** What the page holds of a batch, as the exports read it. */
const finished = (batch: Batch): FinishedBatch => ({
  list: batch.list,
  ids: batch.ids,
  results: batch.results,
  findings: batch.findings ?? [],
});

export function exportOverviewCsv(batch: Batch): void {
  const csv = overviewToCsv(batch.overview ?? [], batchFindings(finished(batch)));
  download(csv, CSV, formatFileName('hintcheck-overview', CSV));
}

export function exportAllJson(batch: Batch): void {
  const data = buildScanExport({
    generator: generatorOf(batch),
    generatedAt: new Date().toISOString(),
    servers: batch.list.servers,
    configFindings: batch.list.findings,
    overview: batch.overview ?? [],
    reports: [...batch.results.values()].flatMap((result) =>
      result.report === null
        ? []
        : [
            {
              id: result.id,
              name: batch.rows.find((r) => r.id === result.id)?.name ?? result.id,
              report: result.report,
            },
          ],
    ),
    sessionFindings: batch.findings ?? [],
  });
  download(jsonText(data), json, formatFileName('hintcheck-servers', json));
}

export function exportSarif(batch: Batch): void {
  const text = batchSarifText(finished(batch), generatorOf(batch), new Date().toISOString());
  download(text, sarif, formatFileName('hintcheck-servers', sarif));
}
