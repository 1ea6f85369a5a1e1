/**
 * The "Your servers" batch as SARIF 2.1.0, from what the page holds (the listing it chose from,
 * the ids it chose, each item's result, the session findings): grouped and named as the API did
 * (lib/core/session/batch-groups.ts) and built by the CLI's builder (lib/core/sarif/scan.ts),
 * files relative to the dashboard's project folder, so `scan --format sarif` run there on the
 * same batch writes the same document.
 */
import type { BatchResult } from '@/lib/core/batch-request';
import { batchToSarif, sarifText } from '@/lib/core/sarif/scan';
import { groupListings, sessionServerNames } from '@/lib/core/session/batch-groups';
import type { SessionFinding } from '@/lib/core/session/findings';
import type { ServersList } from './servers-client';

export interface FinishedBatch {
  /** The listing the batch was chosen from. */
  list: ServersList;
  /** The chosen entry ids, in the order sent. */
  ids: readonly string[];
  results: ReadonlyMap<string, BatchResult>;
  findings: readonly SessionFinding[];
}

export function batchSarifText(
  batch: FinishedBatch,
  generator: { name: string; version: string },
  generatedAt: string,
): string {
  const { listings } = groupListings(batch.list.servers, batch.ids);
  const results = [...listings.keys()].flatMap((id) => {
    const result = batch.results.get(id);
    return result === undefined ? [] : [result];
  });
  const { serverIds } = sessionServerNames(
    listings,
    results.map((result) => result.id),
  );
  return sarifText(
    batchToSarif({
      generator,
      generatedAt,
      root: batch.list.project ?? '',
      home: batch.list.home,
      configFindings: batch.list.findings,
      listings,
      results,
      sessionFindings: batch.findings,
      serverIds,
    }),
  );
}
