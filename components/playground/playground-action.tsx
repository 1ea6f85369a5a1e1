'use client';
/**
 * "Try it by hand" (issue 37): a button under a local audit's report, beside the exercise; its
 * consent dialog names the command line; Start opens a sandboxed session and the playground panel.
 * Focus goes back to the button when the dialog closes, to the status line while the server starts,
 * to the panel's heading when it opens, and to "Start again" when a session ends. While none is open
 * here, the sessions running on the dashboard are listed with End (live-sessions.tsx).
 */
import { useEffect, useRef } from 'react';
import type { AuditRequest } from '@/lib/core/api/audit-request';
import { commandLineText } from '@/lib/core/command-line';
import { BUTTON, MUTED } from '@/components/ui/styles';
import { VisibleText } from '@/components/ui/visible-text';
import { LiveSessions } from './live-sessions';
import { PlaygroundDialog } from './playground-dialog';
import { PlaygroundPanel } from './playground-panel';
import { usePlayground } from './use-playground';

export function PlaygroundAction({ request }: { request: Extract<AuditRequest, { transport: 'stdio' }> }) {
  const playground = usePlayground(request);
  const { phase, setPhase, problem, endedWhy } = playground;
  const command = commandLineText(request);
  const openerRef = useRef<HTMLButtonElement>(null);
  const startingRef = useRef<HTMLParagraphElement>(null);
  const previous = useRef(phase);
  useEffect(() => {
    const before = previous.current;
    previous.current = phase;
    // The dialog that had focus is gone while the server starts: the status line takes it.
    if (phase === 'starting') startingRef.current?.focus();
    if ((before === 'confirming' || before === 'starting' || before === 'open') && phase !== before)
      if (phase === 'idle' || phase === 'ended') openerRef.current?.focus();
  }, [phase]);

  const closed = phase === 'idle' || phase === 'ended';
  return (
    <section data-testid="playground" aria-label="Try it by hand" className="space-y-2 text-sm">
      {phase === 'ended' && endedWhy !== null ? (
        <p role="status" data-testid="playground-ended" className="text-slate-800 dark:text-slate-200">
          The playground session ended: <VisibleText text={endedWhy} />
        </p>
      ) : null}
      {closed ? (
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <button
            ref={openerRef}
            type="button"
            data-testid="playground-open"
            onClick={() => {
              setPhase('confirming');
            }}
            className={BUTTON.secondary}
          >
            {phase === 'ended' ? 'Start again' : 'Try it by hand'}
          </button>
          <span className={`text-xs ${MUTED}`}>
            Call a tool with your own arguments, read a resource, get a prompt: inside the sandbox, with evidence.
          </span>
        </div>
      ) : null}
      {closed ? <LiveSessions readAgain={`${phase} ${problem ?? ''}`} /> : null}
      {phase === 'confirming' ? (
        <PlaygroundDialog
          command={command}
          onStart={() => void playground.start(command)}
          onCancel={() => {
            setPhase(endedWhy === null ? 'idle' : 'ended');
          }}
        />
      ) : null}
      {phase === 'starting' ? (
        <p
          ref={startingRef}
          tabIndex={-1}
          role="status"
          data-testid="playground-starting"
          className="focus:outline-none"
        >
          Starting the server in the sandbox and listing what it offers…
        </p>
      ) : null}
      {problem !== null ? (
        <p role="alert" data-testid="playground-problem" className="text-rose-800 dark:text-rose-300">
          <VisibleText text={problem} />
        </p>
      ) : null}
      {phase === 'open' && playground.session !== null ? <PlaygroundPanel playground={playground} /> : null}
    </section>
  );
}
