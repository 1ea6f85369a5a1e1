/**
 * The exercise's relisting (issue 46): after a call that the server followed with
 * notifications/tools/list_changed, and once after the last call, the tools are listed again on
 * the same session and compared with the listing before (the audit's first): each tool changed,
 * added or removed is recorded with its word diff (core/session/listing-changes.ts), and becomes a
 * finding on the tool when the exercise is folded into the Report (core/report/listing-changes.ts).
 */
import type { Relisting } from '../../core/capabilities/session';
import { isRecord } from '../../core/is-record';
import type { RawPage, ToolReport } from '../../core/report/report';
import { analysedTools, listingChanges } from '../../core/session/listing-changes';
import type { ExerciseSession } from './session';

/** Pages of one relisting at most (a server that keeps sending cursors is cut off). */
const MAX_PAGES = 20;
const LIST_CHANGED = 'notifications/tools/list_changed';

export class ToolRelister {
  readonly relisted: Relisting[] = [];
  /** The tools of the latest listing, as sent (null until a relisting succeeded). */
  latest: unknown[] | null = null;
  private heard = 0;

  /** `tools`: the listing the calls began with (the audit's). */
  constructor(
    private readonly session: ExerciseSession,
    private tools: readonly ToolReport[],
    private readonly timeoutMs: number,
    private readonly began = Date.now(),
  ) {}

  /** Whether the server sent list_changed since the last look. */
  private changedSinceLast(): boolean {
    const count = this.session.log.notifications.filter((note) => note.method === LIST_CHANGED).length;
    const changed = count > this.heard;
    this.heard = count;
    return changed;
  }

  /** Lists again when the server said its tools changed, or always (`force`, after the last call). */
  async relist(after: string, force = false): Promise<void> {
    if (!this.changedSinceLast() && !force) return;
    const atMs = Date.now() - this.began;
    const pages: RawPage[] = [];
    let cursor: string | undefined;
    for (let page = 0; page < MAX_PAGES; page += 1) {
      const answer = await this.session.request('tools/list', cursor === undefined ? {} : { cursor }, this.timeoutMs);
      if (answer.kind !== 'result' || !isRecord(answer.result) || !Array.isArray(answer.result.tools)) {
        const error = answer.kind === 'error' ? answer.message.slice(0, 200) : `tools/list: ${answer.kind}`;
        this.relisted.push({ list: 'tools', atMs, added: [], removed: [], changed: [], error, after });
        return;
      }
      pages.push({ tools: answer.result.tools, bytes: answer.bytes });
      const next = answer.result.nextCursor;
      if (typeof next !== 'string' || next === '') break;
      cursor = next;
    }
    const now = analysedTools(pages);
    const changes = listingChanges(this.tools, now);
    const named = (kind: string): string[] => changes.filter((c) => c.kind === kind).map((c) => c.tool);
    const diff = { added: named('added'), removed: named('removed'), changed: named('changed') };
    // The look after the last call is kept only when it found something.
    if (changes.length > 0 || !force) this.relisted.push({ list: 'tools', atMs, ...diff, error: null, after, changes });
    this.tools = now;
    this.latest = pages.flatMap((page) => page.tools);
  }
}
