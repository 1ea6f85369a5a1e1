/**
 * The audit as a host connects: the capabilities it declares (default `host`, capabilities/declared.ts),
 * the safe answers to the server's requests (host-requests.ts), the record of those requests and of
 * list_changed (session-log.ts), a short bounded window after the lists in which the audit keeps
 * listening and lists again what the server says changed, and, when asked, one extra listing
 * declaring no capability to say which tools are capability-gated. Ends with the Report's
 * clientSession section; removes the temporary roots folder it made.
 */
import { capabilitiesOf, declaresTasks, withoutTasks, type CapabilityChoice } from '../../core/capabilities/declared';
import { compareToolNames, diffListItems } from '../../core/capabilities/compare';
import { pageChanges } from '../../core/session/listing-changes';
import type { CapabilityComparison, ClientSession, ListedKind, Relisting } from '../../core/capabilities/session';
import type { RawPage, Report } from '../../core/report/report';
import type { RawList } from '../../core/report/surface-report';
import type { RawListPage } from '../../core/surface/raw-list';
import type { Connection } from './connect';
import { AuditRoots } from './host-requests';
import { LIST_KINDS, listRaw, type ListOptions } from './list-raw';
import { SessionLog } from './session-log';
import { isRecord } from '../../core/is-record';

/** Each list relisted at most this often in one window. */
const MAX_RELISTS = 3;

export interface HostSessionOptions {
  capabilities?: CapabilityChoice;
  /** Absolute folders offered as roots (--root); none: an empty temporary folder. */
  roots?: readonly string[];
  /** How long to keep listening after the lists (and after each sign of activity); the whole window is at most four times that. */
  listenMs: number;
  compareCapabilities?: boolean;
}

/** The lists as read so far, replaced in place when a relisting completes. */
export interface ListedState {
  tools: RawPage[];
  lists: Record<'prompts' | 'resources' | 'resourceTemplates', RawList>;
}

const KINDS_OF: Record<string, ListedKind[]> = {
  'notifications/tools/list_changed': ['tools'],
  'notifications/prompts/list_changed': ['prompts'],
  'notifications/resources/list_changed': ['resources', 'resourceTemplates'],
};

/** What the extra listing of --compare-capabilities changes in the audit's options. */
export const BARE_AUDIT = {
  capabilities: { mode: 'none' },
  compareCapabilities: false,
  listenMs: 0,
  launched: undefined,
  includeOAuth: false,
  countTokens: false,
  onProgress: undefined,
  onReport: undefined,
} as const;

/** The names of the tools of some pages, in order. */
export const toolNamesOf = (pages: readonly RawPage[]): string[] =>
  pages.flatMap((page) =>
    page.tools.flatMap((tool) => (isRecord(tool) && typeof tool.name === 'string' ? [tool.name] : [])),
  );

/** Whether the server's capabilities promise list_changed for any list. */
function promisesListChanged(capabilities: unknown): boolean {
  if (!isRecord(capabilities)) return false;
  return ['tools', 'prompts', 'resources'].some((key) => {
    const entry = capabilities[key];
    return isRecord(entry) && entry.listChanged === true;
  });
}

export class HostSession {
  readonly log: SessionLog;
  readonly roots: AuditRoots;
  readonly declared: Readonly<Record<string, unknown>>;
  private readonly relisted: Relisting[] = [];
  private listenedMs = 0;
  /** The tool names of the first listing, before any relisting (what the capability comparison compares). */
  private firstToolNames: string[] | null = null;

  constructor(
    private readonly options: HostSessionOptions,
    private readonly started: number,
  ) {
    this.log = new SessionLog(started);
    this.roots = new AuditRoots(options.roots ?? []);
    this.declared = capabilitiesOf(options.capabilities ?? { mode: 'host' });
  }

  /** What connect() needs to declare the capabilities, answer and record. */
  connectOptions(): { capabilities: Readonly<Record<string, unknown>>; roots: AuditRoots; tap: SessionLog } {
    return { capabilities: this.declared, roots: this.roots, tap: this.log };
  }

  private async relist(live: Connection, kind: ListedKind, state: ListedState, options: ListOptions): Promise<void> {
    const listed = await listRaw(live, LIST_KINDS[kind], options);
    const atMs = Math.round(performance.now() - this.started);
    const before =
      kind === 'tools' ? state.tools.map((page) => ({ ...page, items: page.tools })) : state.lists[kind].pages;
    const items = (pages: readonly RawListPage[]): unknown[] => pages.flatMap((page) => page.items);
    if (!listed.complete) {
      const reason = listed.stoppedBy?.error;
      const error = reason instanceof Error ? reason.message : `${LIST_KINDS[kind].method} did not complete`;
      this.relisted.push({ list: kind, atMs, added: [], removed: [], changed: [], error });
      return;
    }
    const diff = diffListItems(items(before), items(listed.pages));
    if (kind === 'tools') {
      const pages = listed.pages.map((page) => ({ ...page, tools: page.items }));
      // What changed, tool by tool, with word diffs: a changed definition is a finding (a rug pull).
      this.relisted.push({ list: kind, atMs, ...diff, error: null, changes: pageChanges(state.tools, pages) });
      state.tools = pages;
    } else {
      this.relisted.push({ list: kind, atMs, ...diff, error: null });
      state.lists[kind] = { ...state.lists[kind], pages: listed.pages, complete: true, error: null };
    }
  }

  /**
   * Keeps listening after the lists: each list_changed (heard at any time since connecting) is
   * answered by listing again; the window closes after `listenMs` without a server request or
   * notification, and at most after four times that or `budgetMs`, whichever is sooner. Skipped for a
   * server that declares no listChanged (spec: it will not send one) and has sent nothing else.
   */
  async listen(
    live: Connection,
    state: ListedState,
    listOptions: () => ListOptions,
    serverCapabilities: unknown,
    budgetMs: number,
  ): Promise<void> {
    const { listenMs } = this.options;
    this.firstToolNames = toolNamesOf(state.tools);
    // A server that declares no listChanged and has said nothing beyond the lists is not waited for.
    const quiet =
      !promisesListChanged(serverCapabilities) &&
      this.log.notifications.length === 0 &&
      this.log.serverRequests.length === 0;
    if (listenMs <= 0 || quiet || budgetMs <= 0) return;
    const start = performance.now();
    const hardEnd = start + Math.min(listenMs * 4, budgetMs);
    let quietUntil = start + listenMs;
    let seenNotes = 0;
    let seenRequests = 0;
    const counts = new Map<ListedKind, number>();
    for (;;) {
      const notes = this.log.notifications.slice(seenNotes);
      const requests = this.log.serverRequests.length;
      seenNotes += notes.length;
      if (notes.length > 0 || requests > seenRequests) quietUntil = Math.min(hardEnd, performance.now() + listenMs);
      seenRequests = requests;
      const kinds = new Set(notes.flatMap((note) => KINDS_OF[note.method] ?? []));
      for (const kind of kinds) {
        if (kind !== 'tools' && !state.lists[kind].declared) continue;
        if ((counts.get(kind) ?? 0) >= MAX_RELISTS || listOptions().signal.aborted) continue;
        counts.set(kind, (counts.get(kind) ?? 0) + 1);
        await this.relist(live, kind, state, listOptions());
      }
      const left = Math.min(quietUntil, hardEnd) - performance.now();
      if (left <= 0 || listOptions().signal.aborted) break;
      await this.log.activity(left);
    }
    this.listenedMs = Math.round(performance.now() - start);
  }

  /**
   * --compare-capabilities: the same target listed once more declaring none (its own connection,
   * its own server process, no listening), and compared with the first listing (before list_changed);
   * when tasks were declared, once more with everything but tasks, for the tools only a task-capable
   * client sees.
   */
  async compare(
    toolNames: readonly string[],
    auditWith: (capabilities: CapabilityChoice) => Promise<Report>,
  ): Promise<CapabilityComparison | null> {
    if (this.options.compareCapabilities !== true || Object.keys(this.declared).length === 0) return null;
    const first = this.firstToolNames ?? toolNames;
    type Listed = { failed: string } | { count: number; names: string[]; error: string | null };
    const listed = async (choice: CapabilityChoice, what: string): Promise<Listed> => {
      const report = await auditWith(choice);
      const error = report.errors[0]?.message ?? (report.complete ? null : `the listing ${what} stopped early`);
      if (report.errors.length > 0 && report.pages === 0) return { failed: error ?? 'failed' };
      return { count: report.summary.tools, names: report.tools.map((tool) => tool.name), error };
    };
    const bare = await listed({ mode: 'none' }, 'without capabilities');
    let tasks: CapabilityComparison['tasks'] = null;
    if (declaresTasks(this.declared)) {
      const capabilities = withoutTasks(this.declared);
      const other = await listed(
        { mode: 'file', file: '(the declared capabilities without tasks)', capabilities },
        'without tasks',
      );
      tasks =
        'failed' in other
          ? { toolsWithout: null, gated: [], error: other.failed }
          : { toolsWithout: other.count, gated: compareToolNames(first, other.names).gated, error: other.error };
    }
    if ('failed' in bare) return { toolsWithout: null, gated: [], onlyWithout: [], error: bare.failed, tasks };
    return { toolsWithout: bare.count, ...compareToolNames(first, bare.names), error: bare.error, tasks };
  }

  /** The Report's section. */
  finish(comparison: CapabilityComparison | null): ClientSession {
    const choice = this.options.capabilities ?? { mode: 'host' };
    return {
      mode: choice.mode,
      file: choice.mode === 'file' ? choice.file : null,
      declared: { ...this.declared },
      roots: this.roots.uris,
      rootsSource: this.roots.source,
      serverRequests: this.log.serverRequests,
      listenMs: this.listenedMs,
      notifications: [...this.log.notifications],
      relisted: [...this.relisted],
      comparison,
    };
  }

  /** Removes the temporary roots folder, if one was made. */
  cleanup(): Promise<void> {
    return this.roots.cleanup();
  }
}
