'use client';
/**
 * A playground session's live state in the page: while a call is in flight it is read about every
 * 500 ms (GET ?after=N, only the log entries not held yet), so the server's sampling and elicitation
 * requests show while they wait; when no call runs it is read after a call, when the log opens, and
 * every 2 s while a resource is subscribed to (its updates show), else every 15 s only to learn whether the session ended by itself (its idle limit, its server's exit; a
 * read of the state does not count as use). Holds the log (the newest maxLogEntries), the dropped count, the pending requests, when
 * the idle limit ends the session, and why it ended.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import {
  PLAYGROUND_LIMITS,
  type PlaygroundLogEntry,
  type PlaygroundPending,
  type PlaygroundState,
} from '@/lib/core/playground/schema';
import { appendLog } from './log-filter';
import { readPlaygroundState } from './playground-client';

export const POLL_MS = 500;
/** While no call runs: enough to say soon that the session ended by itself. */
export const IDLE_CHECK_MS = 15_000;
/** While a resource is subscribed to: its updates show within this. */
export const SUBSCRIBED_MS = 2_000;

export interface LiveState {
  log: PlaygroundLogEntry[];
  dropped: number;
  /** The first page of the requests waiting (the oldest). */
  pending: PlaygroundPending[];
  /** How many wait in all (more than the page when the server sent many). */
  pendingCount: number;
  /** Epoch milliseconds when the idle limit ends the session, once known. */
  idleEndsAt: number | null;
  /** The tools listed again after list_changed, with what changed (a rug pull shows here). */
  relisted: PlaygroundState['relisted'];
  /** The call in flight runs as a task: its progress so far (task-progress.tsx). */
  task: PlaygroundState['task'];
  /** The resources subscribed to, with the updates counted (issue 49). */
  subscriptions: PlaygroundState['subscriptions'];
}

const EMPTY: LiveState = {
  log: [],
  dropped: 0,
  pending: [],
  pendingCount: 0,
  idleEndsAt: null,
  relisted: [],
  task: null,
  subscriptions: [],
};
/** Log pages read at once, one after the other, when a read says more follow. */
const MAX_PAGES_AT_ONCE = 20;

/**
 * `id`: the session (null before one starts); `polling`: a call is in flight; `onEnded`: the
 * session ended (its reason) or is gone.
 * Long because: one poll loop (state, log pages, pending requests, subscriptions and the task in flight) kept in one effect so it stops as one.
 */
export function usePlaygroundState(id: string | null, polling: boolean, onEnded: (reason: string) => void) {
  const [live, setLive] = useState<LiveState>(EMPTY);
  const lastSeq = useRef(0);
  const onEndedRef = useRef(onEnded);
  const subscribed = live.subscriptions.length > 0;
  onEndedRef.current = onEnded;

  useEffect(() => {
    lastSeq.current = 0;
    setLive(EMPTY);
  }, [id]);

  const apply = useCallback((state: PlaygroundState): void => {
    setLive((held) => {
      const log = appendLog(held.log, state.log, PLAYGROUND_LIMITS.maxLogEntries);
      lastSeq.current = log.at(-1)?.seq ?? lastSeq.current;
      return {
        log,
        dropped: state.dropped,
        pending: state.pending,
        pendingCount: state.pendingCount,
        idleEndsAt: state.idleEndsAt,
        relisted: state.relisted,
        task: state.task,
        subscriptions: state.subscriptions,
      };
    });
    if (state.ended !== null) onEndedRef.current(state.ended.reason);
  }, []);

  /** Reads the state once; false when the session is gone. */
  const refresh = useCallback(async (): Promise<boolean> => {
    if (id === null) return false;
    let answer = await readPlaygroundState(id, lastSeq.current);
    // A log longer than one page: the next pages at once.
    for (let page = 1; answer.ok && answer.value.logMore && page < MAX_PAGES_AT_ONCE; page++) {
      apply(answer.value);
      answer = await readPlaygroundState(id, lastSeq.current);
    }
    if (answer.ok) {
      apply(answer.value);
      return answer.value.ended === null;
    }
    if (answer.gone) {
      onEndedRef.current(answer.message);
      return false;
    }
    return true;
  }, [id, apply]);

  useEffect(() => {
    if (id === null) return;
    const delay = polling ? POLL_MS : subscribed ? SUBSCRIBED_MS : IDLE_CHECK_MS;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    // One read at a time: the next is planned when the last has answered.
    const tick = async (): Promise<void> => {
      const alive = await refresh();
      if (!stopped && alive) timer = setTimeout(() => void tick(), delay);
    };
    timer = setTimeout(() => void tick(), delay);
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [id, polling, subscribed, refresh]);

  /** Takes an answered request off the list at once (the next read agrees). */
  const dropPending = useCallback((requestId: string): void => {
    setLive((held) => ({
      ...held,
      pending: held.pending.filter((p) => p.requestId !== requestId),
      pendingCount: Math.max(0, held.pendingCount - 1),
    }));
  }, []);

  /** The subscriptions as a change answered them (the next read agrees). */
  const setSubscriptions = useCallback((subscriptions: PlaygroundState['subscriptions']): void => {
    setLive((held) => ({ ...held, subscriptions }));
  }, []);

  return { live, refresh, dropPending, setSubscriptions };
}
