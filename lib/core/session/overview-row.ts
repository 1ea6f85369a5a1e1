/**
 * One overview row from a server's listing and its audit's result: counts straight from the Report's
 * summary (nothing re-derived), and the tool list's token estimate. Token counting loads the
 * tokenizer (lib/core/token-cost.ts), so this lives apart from the row's shape and its CSV
 * (overview.ts), which the page loads.
 */
import type { BatchResult } from '../api/batch-request';
import type { ServerListing } from '../config/entry';
import { firstFinding } from '../report/first-finding';
import type { Report } from '../report/report';
import { jsonCost } from '../token-cost';
import type { OverviewRow } from './overview';

/** The tool list's cost as a model sees it (an estimate). */
export function toolListCost(report: Report): { bytes: number; tokens: number } {
  return jsonCost(
    report.tools.map((tool) => ({
      name: tool.name,
      ...(tool.title === null ? {} : { title: tool.title }),
      ...(tool.description === null ? {} : { description: tool.description }),
      inputSchema: tool.inputSchema,
      ...(tool.outputSchema === undefined ? {} : { outputSchema: tool.outputSchema }),
      ...(tool.annotations === undefined ? {} : { annotations: tool.annotations }),
    })),
  );
}

export function overviewRow(listings: readonly ServerListing[], result: BatchResult): OverviewRow {
  const first = listings[0];
  // A failed audit's report holds what was read before the failure: no counts to show as the server's.
  const report = result.status === 'ok' ? result.report : null;
  const cost = report === null ? null : toolListCost(report);
  const worst = report === null ? null : firstFinding(report);
  const summary = report?.summary;
  return {
    id: result.id,
    name: first?.name ?? result.id,
    clients: [...new Set(listings.map((listing) => listing.client))],
    locations: listings.map((listing) => `${listing.file}:${listing.line}`),
    transport: result.report?.server?.transport ?? first?.transport ?? 'stdio',
    protocolVersion: result.report?.server?.protocolVersion ?? null,
    tools: summary?.tools ?? null,
    readOnly: summary?.readOnly ?? null,
    additiveWrites: summary === undefined ? null : summary.additiveWrites.length,
    destructive: summary?.destructive ?? null,
    openWorld: summary?.openWorld ?? null,
    unannotated: summary?.unannotated ?? null,
    worstSeverity: worst?.severity ?? null,
    worstFlag: worst?.id ?? null,
    tokens: cost?.tokens ?? null,
    bytes: cost?.bytes ?? null,
    authorization:
      first === undefined || first.transport === 'stdio'
        ? null
        : first.headerNames.some((name) => name.toLowerCase() === 'authorization'),
    status: result.status,
    error: result.error === null ? null : result.error.message,
    durationMs: result.durationMs,
  };
}
