/**
 * Configured servers, end to end, for the CLI's `scan` and the dashboard's "Your servers": read the
 * clients' files, list every entry with its findings (nothing launched), turn the user's choice
 * into batch items (entries with identical settings audited once), and the session as a whole.
 */
import { CLIENTS, type ClientId } from '../core/config/clients';
import type { ConfigEntry, ServerListing } from '../core/config/entry';
import { listEntries, type Listing } from '../core/config/resolve';
import type { BatchResult } from '../core/batch-request';
import { overviewRow, type OverviewRow } from '../core/session/overview';
import { sessionFindings, type SessionFinding } from '../core/session/findings';
import type { BatchItem } from './batch';
import { discoverConfigs, type Discovery, type DiscoveryPlace } from './config-discovery';
import { targetForEntry } from './config-target';

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
  const byId = new Map(loaded.listing.servers.map((server) => [server.id, server]));
  const entryById = new Map(loaded.entries.map((entry) => [entry.id, entry]));
  const listings = new Map<string, ServerListing[]>();
  const items: BatchItem[] = [];
  const unknown: string[] = [];
  const itemOfGroup = new Map<string, string>();
  for (const id of ids) {
    const listing = byId.get(id);
    const entry = entryById.get(id);
    if (listing === undefined || entry === undefined) {
      unknown.push(id);
      continue;
    }
    const existing = itemOfGroup.get(listing.group);
    if (existing !== undefined) {
      listings.get(existing)?.push(listing);
      continue;
    }
    itemOfGroup.set(listing.group, id);
    listings.set(id, [listing]);
    const target = targetForEntry(entry, {
      env: context.place.env,
      home: context.place.home,
      values: context.values,
      platform: context.place.platform,
    });
    items.push(
      target.kind === 'target'
        ? { id, kind: 'target', spec: target.spec, secrets: target.secrets }
        : { id, kind: 'refused', problem: target.problem },
    );
  }
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
  const nameOf = (id: string): string => plan.listings.get(id)?.[0]?.name ?? id;
  const counts = new Map<string, number>();
  for (const result of results) counts.set(nameOf(result.id), (counts.get(nameOf(result.id)) ?? 0) + 1);
  const serverIds = new Map<string, string>();
  const servers = results.flatMap((result) => {
    const listing = plan.listings.get(result.id)?.[0];
    // Two differently configured servers with one name stay two servers in the findings.
    const name =
      (counts.get(nameOf(result.id)) ?? 0) > 1 && listing !== undefined
        ? `${listing.name} (${CLIENTS[listing.client].label} ${listing.file}:${listing.line})`
        : nameOf(result.id);
    serverIds.set(name, result.id);
    return result.report === null || result.report.tools.length === 0 ? [] : [{ name, report: result.report }];
  });
  return { rows, findings: sessionFindings(servers), serverIds };
}
