/**
 * The tools a server changed, added or removed inside one session (after tools/list_changed: the
 * audit's listening window, the exercise, the playground), each with the word diff of its changed
 * texts (lib/core/capabilities/listing-change.ts). A changed definition is a rug pull: marked critical.
 * Server text is shown as React text.
 */
import type { ListingChange } from '@/lib/core/capabilities/listing-change';
import { TextDiff } from '@/components/history/text-diff';
import { VisibleText } from '@/components/ui/visible-text';

export function SessionToolChanges({ changes }: { changes: readonly ListingChange[] }) {
  if (changes.length === 0) return null;
  return (
    <ul className="mt-1 space-y-1 text-sm" aria-label="Tools changed during the session">
      {changes.map((change) => {
        const critical = change.kind === 'changed' || (change.kind === 'added' && change.instructions !== null);
        return (
          <li
            key={`${change.kind}-${change.tool}`}
            data-testid="listing-change"
            data-kind={change.kind}
            className={critical ? 'rounded border border-red-300 p-1 dark:border-red-800' : ''}
          >
            <span className={critical ? 'font-semibold text-red-800 dark:text-red-200' : 'font-medium'}>
              {critical ? 'critical · ' : ''}
              {change.kind} <VisibleText text={change.tool} />
              {change.parts.length > 0 ? ` (${change.parts.join(', ')})` : ''}
            </span>
            {change.instructions !== null && change.kind === 'added' ? (
              <span className="block text-xs">
                orders the model: <VisibleText text={change.instructions} />
              </span>
            ) : null}
            {change.texts.map((text, i) => (
              <TextDiff key={i} text={text} />
            ))}
          </li>
        );
      })}
    </ul>
  );
}
