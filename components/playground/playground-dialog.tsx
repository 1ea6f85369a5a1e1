'use client';
/**
 * The playground's consent dialog: the command line that will run inside the sandbox, what the
 * sandbox does and how long the session stays, then Start or Cancel. Nothing runs before Start. The
 * same modal pattern as the exercise's consent (use-modal-focus.ts): focus moves in, Tab stays inside,
 * Escape cancels; the opener takes focus back (playground-action.tsx).
 */
import { PLAYGROUND_LIMITS } from '@/lib/core/playground/schema';
import { ScrollRegion } from '@/components/ui/scroll-region';
import { BUTTON, MUTED, PRE } from '@/components/ui/styles';
import { useModalFocus } from '@/components/ui/use-modal-focus';
import { VisibleText } from '@/components/ui/visible-text';

export function PlaygroundDialog({
  command,
  onStart,
  onCancel,
}: {
  command: string;
  onStart: () => void;
  onCancel: () => void;
}) {
  const { ref, onKeyDown } = useModalFocus(onCancel);
  return (
    <div
      ref={ref}
      role="dialog"
      aria-modal="true"
      aria-labelledby="playground-dialog-title"
      aria-describedby="playground-dialog-what"
      data-testid="playground-dialog"
      tabIndex={-1}
      onKeyDown={onKeyDown}
      className="rounded-lg p-4 ring-1 ring-slate-300 focus:outline-none dark:ring-slate-700"
    >
      <h3 id="playground-dialog-title" className="font-semibold">
        Start this server in a sandbox and try it by hand?
      </h3>
      <p id="playground-dialog-what" className={`mt-1 ${MUTED}`}>
        This command line runs inside bubblewrap (no network, the system read-only, a throwaway HOME and working
        folder), traced by strace so every call shows what it did:
      </p>
      <ScrollRegion
        as="pre"
        label="Command line"
        testId="playground-command"
        className={`${PRE} mt-2 max-h-32 whitespace-pre-wrap break-all`}
      >
        <VisibleText text={command} />
      </ScrollRegion>
      <ul className={`mt-2 list-disc space-y-0.5 pl-5 text-xs ${MUTED}`}>
        <li>Nothing is called until you call it: each tool call, resource read and prompt uses your arguments.</li>
        <li>
          The server&apos;s sampling and elicitation requests wait for your answer here; your answer is never sent to a
          model. Its roots are the sandbox&apos;s working folder.
        </li>
        <li>
          The session ends when you end it, when you leave the page, or after{' '}
          {String(PLAYGROUND_LIMITS.idleMs / 60_000)} minutes without use; the sandbox and the server go with it.
        </li>
      </ul>
      <div className="mt-3 flex gap-2">
        <button type="button" data-testid="playground-start" onClick={onStart} className={BUTTON.primary}>
          Start
        </button>
        <button type="button" data-testid="playground-cancel" onClick={onCancel} className={BUTTON.secondary}>
          Cancel
        </button>
      </div>
    </div>
  );
}
