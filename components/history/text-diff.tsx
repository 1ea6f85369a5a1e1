/**
 * A changed text word by word (lib/core/word-diff.ts): removed words struck through, added
 * words marked, and what the added words carry. Server text is shown as React text.
 */
import type { TextChange } from '@/lib/core/contract/text-change';
import { VisibleText } from '@/components/ui/visible-text';

/** `findings` is absent for a listing changed mid-session (its finding is on the tool). */
export function TextDiff({
  text,
}: {
  text: Pick<TextChange, 'field' | 'diff'> & { findings?: TextChange['findings'] };
}) {
  return (
    <div data-testid="history-text-diff" data-field={text.field} className="mt-1 w-full text-sm">
      <span className="font-mono text-xs text-slate-600 dark:text-slate-300">{text.field}: </span>
      <span className="whitespace-pre-wrap break-words">
        {text.diff.map((part, index) =>
          part.op === 'same' ? (
            <span key={index}>{part.text}</span>
          ) : part.op === 'added' ? (
            <ins
              key={index}
              data-testid="history-text-added"
              className="bg-amber-100 font-medium text-amber-950 no-underline dark:bg-amber-900 dark:text-amber-50"
            >
              {part.text}
            </ins>
          ) : (
            <del
              key={index}
              data-testid="history-text-removed"
              className="bg-slate-100 text-slate-600 dark:bg-slate-800 dark:text-slate-300"
            >
              {part.text}
            </del>
          ),
        )}
      </span>
      {text.findings !== undefined && text.findings.length > 0 ? (
        <ul className="mt-1 list-disc pl-5 text-xs" aria-label="What the added words carry">
          {text.findings.map((finding) => (
            <li key={finding.signal} data-testid="history-text-finding" data-signal={finding.signal}>
              <VisibleText text={finding.message} />
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
