/**
 * How a choice of configured servers becomes a batch, shared by the CLI's `scan`, the dashboard's
 * API and its page: entries with identical settings (one `group`, in any client) are audited once,
 * as the item of the first chosen entry; and the name each audited server has in the session
 * findings (two differently configured servers of one name are told apart by client, file and line).
 */
import { CLIENTS } from '../config/clients';
import type { ServerListing } from '../config/entry';

/** The chosen listings of each batch item, keyed by the item's id, in the order of the choice. */
export function groupListings(
  servers: readonly ServerListing[],
  ids: readonly string[],
): { listings: Map<string, ServerListing[]>; unknown: string[] } {
  const byId = new Map(servers.map((server) => [server.id, server]));
  const listings = new Map<string, ServerListing[]>();
  const itemOfGroup = new Map<string, string>();
  const unknown: string[] = [];
  for (const id of ids) {
    const listing = byId.get(id);
    if (listing === undefined) {
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
  }
  return { listings, unknown };
}

/**
 * The session name of each audited item (`names`, by item id) and the item behind each name
 * (`serverIds`), for the items of `resultIds` in the batch's order.
 */
export function sessionServerNames(
  listings: ReadonlyMap<string, readonly ServerListing[]>,
  resultIds: readonly string[],
): { names: Map<string, string>; serverIds: Map<string, string> } {
  const nameOf = (id: string): string => listings.get(id)?.[0]?.name ?? id;
  const counts = new Map<string, number>();
  for (const id of resultIds) counts.set(nameOf(id), (counts.get(nameOf(id)) ?? 0) + 1);
  const names = new Map<string, string>();
  const serverIds = new Map<string, string>();
  for (const id of resultIds) {
    const listing = listings.get(id)?.[0];
    const name =
      (counts.get(nameOf(id)) ?? 0) > 1 && listing !== undefined
        ? `${listing.name} (${CLIENTS[listing.client].label} ${listing.file}:${listing.line})`
        : nameOf(id);
    names.set(id, name);
    serverIds.set(name, id);
  }
  return { names, serverIds };
}
