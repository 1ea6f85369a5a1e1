/**
 * A finished "Your servers" batch as the core reads it, from what the page holds (the listing it
 * chose from, the ids it chose, each item's result, the session findings): grouped and named as the
 * API did (lib/core/session/batch-groups.ts), the input of the walk of every finding of a scan
 * (lib/core/session/scan-findings.ts) that the SARIF and the overview CSV downloads read, as the CLI's do.
 */
import type { BatchResult } from '@/lib/core/api/batch-request';
import type { ServerListing } from '@/lib/core/config/entry';
import { groupListings, sessionServerNames } from '@/lib/core/session/batch-groups';
import type { SessionFinding } from '@/lib/core/session/findings';
import { scanFindings, type ScanFinding, type ScanFindingsInput } from '@/lib/core/session/scan-findings';
import type { ServersList } from './servers-client';

export interface FinishedBatch {
  /** The listing the batch was chosen from. */
  list: ServersList;
  /** The chosen entry ids, in the order sent. */
  ids: readonly string[];
  results: ReadonlyMap<string, BatchResult>;
  findings: readonly SessionFinding[];
}

/** The batch in the core's terms: entries behind each item, results in the batch's order, session names. */
export interface BatchInput extends ScanFindingsInput {
  listings: ReadonlyMap<string, readonly ServerListing[]>;
  results: readonly BatchResult[];
}

export function batchInput(batch: FinishedBatch): BatchInput {
  const { listings } = groupListings(batch.list.servers, batch.ids);
  const results = [...listings.keys()].flatMap((id) => {
    const result = batch.results.get(id);
    return result === undefined ? [] : [result];
  });
  const { serverIds } = sessionServerNames(
    listings,
    results.map((result) => result.id),
  );
  return { configFindings: batch.list.findings, listings, results, sessionFindings: batch.findings, serverIds };
}

/** Every finding of the batch, walked once. */
export const batchFindings = (batch: FinishedBatch): ScanFinding[] => scanFindings(batchInput(batch));
