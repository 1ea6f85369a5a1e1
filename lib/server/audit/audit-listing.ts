/**
 * An audit's lists: tools/list and, concurrently, the prompts, resources and templates the server
 * declares (a failure of those is a warning, never the end); then, as a host keeps the connection, what the server asks or changes right after.
 */
import type { RawPage } from '../../core/report/report';
import type { RawList } from '../../core/report/surface-report';
import type { Connection } from '../mcp/connect';
import { LIST_KINDS, listRaw, type ListOptions } from '../mcp/list-raw';
import { listToolsRaw } from '../mcp/list-tools';
import { AUDIT_DEFAULTS } from '../audit-defaults';
import { declares, emptyList } from './audit-facts';
import type { AuditContext } from './audit-context';

export interface OtherLists {
  prompts: RawList;
  resources: RawList;
  resourceTemplates: RawList;
}

export interface Listing {
  pages: RawPage[];
  complete: boolean;
  /** Why tools/list stopped, when it did. */
  toolsError: string | null;
  lists: OtherLists;
}

/** What an audit has listed before it starts (filled as lists complete: a failure keeps what was read). */
export const emptyListing = (): Listing => ({
  pages: [],
  complete: false,
  toolsError: null,
  lists: { prompts: emptyList(false), resources: emptyList(false), resourceTemplates: emptyList(false) },
});

function listOptionsFor(run: AuditContext, onPage?: ListOptions['onPage']): ListOptions {
  const { options, clock } = run;
  return {
    signal: clock.signal,
    requestTimeoutMs: () => clock.remaining(options.requestTimeoutMs ?? AUDIT_DEFAULTS.requestTimeoutMs),
    maxPages: options.maxPages ?? AUDIT_DEFAULTS.maxPages,
    maxTotalBytes: run.maxBytes * 4,
    ...(onPage === undefined ? {} : { onPage }),
  };
}

/** One of the other lists; a failure is a warning with what was read before it. */
async function readList(
  run: AuditContext,
  live: Connection,
  capabilities: unknown,
  key: keyof OtherLists,
  into: OtherLists,
): Promise<void> {
  if (!declares(capabilities, key === 'resourceTemplates' ? 'resources' : key)) return;
  const kind = LIST_KINDS[key];
  const listed = await listRaw(live, kind, listOptionsFor(run));
  run.warnings.push(...listed.warnings);
  let error: string | null = null;
  if (listed.stoppedBy !== null) {
    const problem = run.clock.problemFor(listed.stoppedBy.error, listed.stoppedBy.step);
    error = problem.message;
    run.warnings.push({
      code: 'list-failed',
      message: `${kind.method} failed: ${problem.message}`,
      hint: `The rest of the report stands; the ${key} read before the failure are shown.`,
      step: listed.stoppedBy.step,
    });
  }
  into[key] = { declared: true, pages: listed.pages, complete: listed.complete, error };
}

/** Lists everything into `listing` (what was read before a throw stays there). */
export async function listEverything(
  run: AuditContext,
  live: Connection,
  capabilities: unknown,
  listing: Listing,
): Promise<void> {
  const { clock, options, stdio } = run;
  clock.step = 'tools/list page 1';
  const toolsListed = listToolsRaw(
    live,
    listOptionsFor(run, (page, tools, bytes) => {
      clock.step = `tools/list page ${page + 1}`;
      stdio?.rememberDescendants();
      options.onProgress?.({ type: 'progress', step: 'page', page, tools, bytes });
    }),
  );
  const all = Promise.all([
    toolsListed,
    readList(run, live, capabilities, 'prompts', listing.lists),
    readList(run, live, capabilities, 'resources', listing.lists),
    readList(run, live, capabilities, 'resourceTemplates', listing.lists),
  ]);
  // The requests are on their way: the process tree is read while the server answers them.
  stdio?.rememberDescendants();
  const [listed] = await all;
  listing.pages = listed.pages;
  listing.complete = listed.complete;
  run.warnings.push(...listed.warnings);
  if (listed.stoppedBy !== null) {
    const problem = run.clock.problemFor(listed.stoppedBy.error, listed.stoppedBy.step);
    listing.toolsError = problem.message;
    run.errors.push(problem);
    return;
  }
  // A host keeps the connection: what the server asks or changes right after the lists is part of it.
  const state = { tools: listing.pages, lists: listing.lists };
  await run.session.listen(
    live,
    state,
    () => listOptionsFor(run),
    capabilities,
    clock.deadline - performance.now() - 1000,
  );
  listing.pages = state.tools;
}
