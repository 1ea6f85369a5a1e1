/**
 * The start of a tool's description, quoted ("…" when cut short, invisible and control characters
 * marked), or "(no description)": the line under a tool in Read first, on screen and on paper.
 */
import { VisibleText } from './visible-text';

/** What stands for a tool that sent no description, wherever its description is shown. */
export const NO_DESCRIPTION = '(no description)';

export function QuotedDescription({ description, truncated }: { description: string | null; truncated: boolean }) {
  if (description === null) return NO_DESCRIPTION;
  return (
    <>
      “<VisibleText text={description} controls />
      {truncated ? '…' : ''}”
    </>
  );
}
