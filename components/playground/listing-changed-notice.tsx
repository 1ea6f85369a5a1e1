/**
 * The playground's notice that the server's tools changed during the session: after a call the
 * server followed with tools/list_changed, the tools were listed again; each tool changed, added or
 * removed is shown with its word diff (a changed definition is a rug pull). Nothing when the server
 * never said so, or listed the same tools again.
 */
import type { PlaygroundState } from '@/lib/core/playground/schema';
import { SessionToolChanges } from '@/components/report/session-tool-changes';
import { VisibleText } from '@/components/ui/visible-text';

export function ListingChangedNotice({ relisted }: { relisted: PlaygroundState['relisted'] }) {
  const changed = relisted.filter((entry) => (entry.changes ?? []).length > 0 || entry.error !== null);
  if (changed.length === 0) return null;
  return (
    <div
      role="status"
      data-testid="playground-listing-changed"
      className="rounded border border-red-300 bg-red-50 p-2 text-sm text-red-950 dark:border-red-800 dark:bg-red-950 dark:text-red-50"
    >
      <p className="font-semibold">The server changed its tools during this session.</p>
      {changed.map((entry, i) => (
        <div key={i} className="mt-1">
          <p className="text-xs">
            Listed again at +{entry.atMs} ms{entry.after === undefined ? '' : ` after ${entry.after}`}
            {entry.error === null ? '' : ': '}
            {entry.error === null ? null : <VisibleText text={entry.error} />}
          </p>
          <SessionToolChanges changes={entry.changes ?? []} />
        </div>
      ))}
    </div>
  );
}
