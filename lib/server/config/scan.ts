/**
 * Configured servers, end to end, for the CLI's `scan` and the dashboard's "Your servers": read the
 * clients' files, list every entry with its findings (nothing launched), turn the user's choice
 * into batch items (entries with identical settings audited once), and the session as a whole.
 */
import { realpathSync } from 'node:fs';
import type { ClientId } from '../../core/config/clients';
import type { ConfigEntry, ServerListing } from '../../core/config/entry';
import { listEntries, type Listing } from '../../core/config/resolve';
import type { BatchResult } from '../../core/api/batch-request';
import { groupListings, sessionServerNames } from '../../core/session/batch-groups';
import type { OverviewRow } from '../../core/session/overview';
import { overviewRow } from '../../core/session/overview-row';
import { sessionFindings, type SessionFinding } from '../../core/session/findings';
import type { BatchItem } from '../audit/batch';
import { discoverConfigs, type Discovery, type DiscoveryPlace } from './config-discovery';
import { targetForEntry } from './config-target';

/** Where a path really leads (symbolic links followed), or null when it cannot be read. */
function realPath(file: string): string | null {
  try {
    return realpathSync.native(file);
  } catch {
    return null;
  }
}

export interface LoadedServers {
  discovery: Discovery;
  entries: ConfigEntry[];
  listing: Listing;
}

export async function loadServers(
  place: DiscoveryPlace,
  options: { clients?: readonly ClientId[]; files?: readonly string[] } = {},
): Promise<LoadedServers> {
  const discovery = await discoverConfigs(place, options);
  const entries = discovery.configs.flatMap((config) => config.entries);
  const listing = listEntries(discovery.configs, {
    env: place.env,
    home: place.home,
    projectDir: place.projectDir,
    pathSeparator: place.platform === 'win32' ? '\\' : '/',
    realPath,
  });
  return { discovery, entries, listing };
}

export interface BatchPlan {
  items: BatchItem[];
  /** The listings each item stands for (several clients may define the same server). */
  listings: Map<string, ServerListing[]>;
  /** Ids that are not in the listing. */
  unknown: string[];
}

/** One item per chosen group; unknown ids are returned, never launched. */
export function planBatch(
  loaded: LoadedServers,
  ids: readonly string[],
  context: { place: DiscoveryPlace; values: Readonly<Record<string, string>> },
): BatchPlan {
  const entryById = new Map(loaded.entries.map((entry) => [entry.id, entry]));
  const known = ids.filter((id) => entryById.has(id));
  const { listings, unknown } = groupListings(loaded.listing.servers, known);
  unknown.push(...ids.filter((id) => !entryById.has(id)));
  const items = [...listings.keys()].flatMap((id): BatchItem[] => {
    const entry = entryById.get(id);
    if (entry === undefined) return [];
    const target = targetForEntry(entry, {
      env: context.place.env,
      home: context.place.home,
      values: context.values,
      platform: context.place.platform,
    });
    return [
      target.kind === 'target'
        ? { id, kind: 'target', spec: target.spec, secrets: target.secrets }
        : { id, kind: 'refused', problem: target.problem },
    ];
  });
  return { items, listings, unknown };
}

export interface SessionView {
  rows: OverviewRow[];
  findings: SessionFinding[];
  /** The batch item id behind each server name the session findings use. */
  serverIds: Map<string, string>;
}

/** The overview rows and the session findings over every server that produced tools. */
export function sessionView(plan: BatchPlan, results: readonly BatchResult[]): SessionView {
  const rows = results.map((result) => overviewRow(plan.listings.get(result.id) ?? [], result));
  const { names, serverIds } = sessionServerNames(
    plan.listings,
    results.map((result) => result.id),
  );
  const servers = results.flatMap((result) =>
    result.report === null || result.report.tools.length === 0
      ? []
      : [{ name: names.get(result.id) ?? result.id, report: result.report }],
  );
  return { rows, findings: sessionFindings(servers), serverIds };
}
