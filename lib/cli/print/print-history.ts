/** The text of `history list` (one line per saved audit) and of `history prune` and `delete`. */
import { formatBytes } from '../../core/bytes';
import type { HistoryEntry } from '../../core/history/entry';
import type { Housekeeping } from '../../server/history/store';
import { terminalSafe, type TextStyle } from './terminal';

/** What `history list` renders (lib/cli/formats/definition.ts: the historyList kind). */
export interface HistoryListInput {
  entries: HistoryEntry[];
  server: string | undefined;
  path: string;
  style: TextStyle;
}

/** What a prune or delete did, to render (the housekeeping kind). */
export interface HousekeepingInput {
  done: Housekeeping;
  what: string;
  remaining: number;
  path: string;
}

export function renderHistoryList({ entries, server, path, style }: HistoryListInput): string {
  if (entries.length === 0)
    return server === undefined
      ? `No audits in ${path} yet.\n`
      : `No audits of a server matching "${server}" in ${path} (--server matches a piece of the command line or URL, or a server id).\n`;
  return `${entries
    .map(
      (entry) =>
        `#${String(entry.id).padEnd(5)} ${entry.createdAt}  ${
          entry.outcome === 'failed'
            ? `${style.severity('high', 'failed')}: ${terminalSafe(entry.error ?? 'no error recorded', 300)}`
            : `${String(entry.tools).padStart(4)} tools  ro ${entry.readOnly} · destr ${entry.destructive} · open ${entry.openWorld}  ${entry.worstFlag === null ? style.dim('no flags') : style.severity(entry.worstSeverity ?? 'info', `worst: ${entry.worstSeverity ?? ''} ${entry.worstFlag}`)}${entry.outcome === 'partial' ? ' (incomplete)' : ''}`
        }${entry.intact ? '' : `  ${style.severity('high', 'altered')} (its report no longer matches the hash it was saved with)`}  ${style.dim(`server ${entry.serverId}:`)} ${terminalSafe(entry.identity, 1000)}`,
    )
    .join('\n')}\n`;
}

/** What a prune or delete did, in words. */
export function renderHousekeeping({ done, what, remaining, path }: HousekeepingInput): string {
  const size =
    done.notReclaimed === null
      ? done.deleted === 0
        ? ''
        : ` The file went from ${formatBytes(done.bytesBefore)} to ${formatBytes(done.bytesAfter)}.`
      : ` The file is still ${formatBytes(done.bytesAfter)}: ${done.notReclaimed}.`;
  return `${what} ${remaining} audit${remaining === 1 ? '' : 's'} remain${remaining === 1 ? 's' : ''} in ${path}.${size}\n`;
}
