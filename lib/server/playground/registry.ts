/**
 * The dashboard's playground sessions (issue 37), by id, one registry per process (process-state.ts,
 * so every route bundle sees the same sessions): at most PLAYGROUND_LIMITS.maxSessions at once,
 * starts in progress included; each also holds one slot of the dashboard's shared work cap
 * (audit/concurrency.ts), as an audit's server does. A session that ended (the user, its idle limit,
 * its server's exit) is kept ENDED_KEPT_MS as its last state, so a poll learns why it ended (410);
 * after that its id is unknown (404). Every session is closed when the process is asked to stop
 * (closeAllPlaygrounds, dashboard-main.ts); at exit the transports' and folders' own exit hooks
 * remove whatever is left. Light: only types of the session are imported.
 */
import { PLAYGROUND_LIMITS } from '../../core/playground/limits';
import type { PlaygroundSessionList } from '../../core/playground/conveniences';
import type { PlaygroundState } from '../../core/playground/schema';
import { tryStartWork } from '../audit/concurrency';
import { AuditError } from '../errors';
import { processState } from '../process/process-state';
import type { PlaygroundSession } from './session';

/** How long an ended session's last state is kept for polls. */
export const ENDED_KEPT_MS = 60_000;

interface Ended {
  state: PlaygroundState;
}

interface Registry {
  live: Map<string, PlaygroundSession>;
  ended: Map<string, Ended>;
  starting: number;
}

const registry = (): Registry =>
  processState('playground', (): Registry => ({ live: new Map(), ended: new Map(), starting: 0 }));

/** A start's reservation: `register` the session once made, or `cancel` when the start failed. */
export interface Reservation {
  register: (session: PlaygroundSession) => void;
  /** Called by the session's onEnded: frees the slot and keeps the last state a while. */
  ended: (session: PlaygroundSession) => void;
  cancel: () => void;
}

/** A slot for a new session, or the busy problem (the cap of sessions, or the dashboard's work cap). */
export function reservePlayground(): Reservation {
  const state = registry();
  if (state.live.size + state.starting >= PLAYGROUND_LIMITS.maxSessions)
    throw new AuditError(
      'busy',
      `${PLAYGROUND_LIMITS.maxSessions} playground sessions are already running, the most this dashboard runs at once.`,
      { hint: 'End one (its page’s End button, or close its tab), then try again.' },
    );
  const release = tryStartWork();
  if (release === null)
    throw new AuditError('busy', 'The dashboard is running as many audits and sessions as it runs at once.', {
      hint: 'Wait for one to finish, or cancel one, then try again.',
    });
  state.starting += 1;
  let starting = true;
  const stopStarting = (): void => {
    if (!starting) return;
    starting = false;
    state.starting -= 1;
  };
  return {
    register: (session) => {
      stopStarting();
      if (session.ended === null) state.live.set(session.id, session);
    },
    ended: (session) => {
      stopStarting();
      release();
      state.live.delete(session.id);
      const timer = setTimeout(() => state.ended.delete(session.id), ENDED_KEPT_MS);
      timer.unref();
      state.ended.set(session.id, { state: session.state() });
    },
    cancel: () => {
      stopStarting();
      release();
    },
  };
}

const notFound = (): AuditError =>
  new AuditError(
    'session-not-found',
    'No playground session has this id (it ended a while ago, or the dashboard restarted).',
    { hint: 'Start a new session.' },
  );

/** The running session by id; session-ended (410) when it ended a moment ago, session-not-found (404) otherwise. */
export function livePlayground(id: string): PlaygroundSession {
  const state = registry();
  const live = state.live.get(id);
  if (live?.ended === null) return live;
  const ended = live?.state() ?? state.ended.get(id)?.state;
  if (ended !== undefined)
    throw new AuditError(
      'session-ended',
      `This playground session has ended: ${ended.ended?.reason ?? 'it was closed'}.`,
      {
        hint: 'Start a new session to call again.',
      },
    );
  throw notFound();
}

/** The state of a running session, or the last state of one that ended a moment ago (session-not-found otherwise). */
export function playgroundState(id: string, after?: number, pendingAfter?: number): PlaygroundState {
  const state = registry();
  const live = state.live.get(id);
  if (live !== undefined) return live.state(after, pendingAfter);
  const ended = state.ended.get(id);
  if (ended === undefined) throw notFound();
  return { ...ended.state, log: ended.state.log.filter((entry) => after === undefined || entry.seq > after) };
}

/** Closes every running session (the dashboard is stopping). */
export async function closeAllPlaygrounds(reason = 'the dashboard stopped'): Promise<void> {
  await Promise.all([...registry().live.values()].map((session) => session.close(reason)));
}

/** The sessions running now, oldest first (issue 49: a session whose tab is gone can be ended from another). */
export function livePlaygrounds(): PlaygroundSessionList {
  const sessions = [...registry().live.values()]
    .filter((session) => session.ended === null)
    .map((session) => {
      const state = session.state(Number.MAX_SAFE_INTEGER);
      return {
        id: session.id,
        command: session.started.command,
        server: session.started.server,
        startedAt: session.startedAt,
        calls: state.calls,
        busy: state.busy !== null,
        idleEndsAt: state.idleEndsAt,
      };
    })
    .sort((a, b) => a.startedAt - b.startedAt);
  return { sessions, max: PLAYGROUND_LIMITS.maxSessions };
}
