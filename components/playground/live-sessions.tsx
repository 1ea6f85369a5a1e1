'use client';
/**
 * The playground sessions running on this dashboard (issue 49): each with its command, its server,
 * when it started and how many calls it made, and End (DELETE), so a session whose tab is gone no
 * longer holds one of the slots until its idle limit. Read when shown and again after each End;
 * nothing is drawn while none runs.
 */
import { useCallback, useEffect, useState } from 'react';
import type { PlaygroundSessionList } from '@/lib/core/playground/conveniences';
import { BUTTON, MUTED } from '@/components/ui/styles';
import { markedText, VisibleText } from '@/components/ui/visible-text';
import { endPlayground, listPlaygrounds } from './playground-client';

/** "21:04:05 UTC". */
const clock = (epochMs: number): string => `${new Date(epochMs).toISOString().slice(11, 19)} UTC`;

export function LiveSessions({
  readAgain,
}: {
  /** Changes when the list may have changed (a start failed, a session ended). */ readAgain: unknown;
}) {
  const [list, setList] = useState<PlaygroundSessionList | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const read = useCallback(async (): Promise<void> => {
    const answer = await listPlaygrounds();
    if (answer.ok) {
      setList(answer.value);
      setProblem(null);
    } else setProblem(answer.message);
  }, []);
  useEffect(() => {
    void read();
  }, [read, readAgain]);
  if (problem !== null)
    return (
      <p data-testid="live-sessions-problem" className={`text-xs ${MUTED}`}>
        The running sessions could not be read: <VisibleText text={problem} />
      </p>
    );
  if (list === null || list.sessions.length === 0) return null;
  return (
    <section data-testid="live-sessions" aria-labelledby="live-sessions-heading" className="space-y-1">
      <h3 id="live-sessions-heading" className="text-sm font-medium">
        Playground sessions running ({list.sessions.length} of the {list.max} this dashboard runs at once)
      </h3>
      <ul className="space-y-1">
        {list.sessions.map((session) => (
          <li
            key={session.id}
            data-testid="live-session"
            className="flex flex-wrap items-center justify-between gap-2 rounded-md px-2 py-1 ring-1 ring-slate-200 ring-inset dark:ring-slate-700"
          >
            <span className="min-w-0 text-xs">
              <code className="font-mono break-all">
                <VisibleText text={session.command} />
              </code>
              <span className={MUTED}>
                {' '}
                · {session.server === null ? 'no name' : markedText(session.server.name)} · started{' '}
                {clock(session.startedAt)} · {session.calls} call{session.calls === 1 ? '' : 's'}
                {session.busy ? ' · a call in flight' : ''}
              </span>
            </span>
            <button
              type="button"
              data-testid="live-session-end"
              aria-label={`End the session of ${markedText(session.command).slice(0, 80)}, started ${clock(session.startedAt)}`}
              onClick={() =>
                void endPlayground(session.id).then(async (ended) => {
                  if (!ended.ok && !ended.gone) setProblem(ended.message);
                  await read();
                })
              }
              className={BUTTON.danger}
            >
              End
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
