'use client';
/**
 * A playground session's lifecycle in the page (issue 37): consent, start (POST with the command the
 * dialog showed), one call at a time (the result, or why it failed), answers to the server's requests,
 * the end (End session, the page going, the panel unmounted: DELETE), and a session that ended by
 * itself (idle limit, the server's exit) said with its reason. The live state comes from
 * usePlaygroundState, read while a call is in flight.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { AuditRequest } from '@/lib/core/api/audit-request';
import type {
  PlaygroundAnswer,
  PlaygroundCallRequest,
  PlaygroundCallResult,
  PlaygroundStarted,
} from '@/lib/core/playground/schema';
import type { PlaygroundComplete } from '@/lib/core/playground/conveniences';
import {
  answerPending,
  callPlayground,
  completePlayground,
  endOnLeave,
  endPlayground,
  startPlayground,
  subscribePlayground,
} from './playground-client';
import { usePlaygroundState } from './use-playground-state';

export type PlaygroundPhase = 'idle' | 'confirming' | 'starting' | 'open' | 'ended';

export interface ShownCall {
  request: PlaygroundCallRequest;
  result: PlaygroundCallResult | null;
  problem: string | null;
}

// Long because: one session's state and its actions (start, call, answer, end) with the page-leave cleanup.
export function usePlayground(target: Extract<AuditRequest, { transport: 'stdio' }>) {
  const [phase, setPhase] = useState<PlaygroundPhase>('idle');
  const [session, setSession] = useState<PlaygroundStarted | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [endedWhy, setEndedWhy] = useState<string | null>(null);
  const [inFlight, setInFlight] = useState<PlaygroundCallRequest | null>(null);
  const [last, setLast] = useState<ShownCall | null>(null);
  const [answerProblem, setAnswerProblem] = useState<string | null>(null);
  const idRef = useRef<string | null>(null);

  const ended = useCallback((reason: string): void => {
    idRef.current = null;
    setEndedWhy(reason);
    setInFlight(null);
    setPhase('ended');
  }, []);
  const { live, refresh, dropPending, setSubscriptions } = usePlaygroundState(
    // Read only while the session runs: an ended one keeps the reason it was given.
    phase === 'open' ? (session?.id ?? null) : null,
    inFlight !== null,
    ended,
  );

  // The session ends with the page (pagehide) and with the panel (a new audit replaces the report).
  useEffect(() => {
    const leave = (): void => {
      if (idRef.current !== null) endOnLeave(idRef.current);
      idRef.current = null;
    };
    window.addEventListener('pagehide', leave);
    return () => {
      window.removeEventListener('pagehide', leave);
      leave();
    };
  }, []);

  const start = async (confirmedCommand: string): Promise<void> => {
    setPhase('starting');
    setProblem(null);
    setEndedWhy(null);
    setLast(null);
    const answer = await startPlayground({ target, confirmedCommand });
    if (!answer.ok) {
      setProblem(answer.message);
      setPhase('idle');
      return;
    }
    idRef.current = answer.value.id;
    setSession(answer.value);
    setPhase('open');
  };

  const call = async (request: PlaygroundCallRequest): Promise<void> => {
    const id = idRef.current;
    if (id === null || inFlight !== null) return;
    setInFlight(request);
    setAnswerProblem(null);
    setLast({ request, result: null, problem: null });
    const answer = await callPlayground(id, request);
    setInFlight(null);
    if (answer.ok) setLast({ request, result: answer.value, problem: null });
    else {
      setLast({ request, result: null, problem: answer.message });
      if (answer.gone) {
        ended(answer.message);
        return;
      }
    }
    await refresh();
  };

  const answer = async (reply: PlaygroundAnswer): Promise<void> => {
    const id = idRef.current;
    if (id === null) return;
    const sent = await answerPending(id, reply);
    if (sent.ok) {
      setAnswerProblem(null);
      dropPending(reply.requestId);
    } else setAnswerProblem(sent.message);
  };

  const [subscribeProblem, setSubscribeProblem] = useState<string | null>(null);
  /** Completion goes to the session running now (a stable function: the lists' effects depend on it). */
  const complete = useCallback(async (request: PlaygroundComplete) => {
    const id = idRef.current;
    if (id === null) return { ok: false as const, gone: true, busy: false, message: 'The session has ended.' };
    return completePlayground(id, request);
  }, []);

  const subscribe = async (uri: string, on: boolean): Promise<void> => {
    const id = idRef.current;
    if (id === null) return;
    const answer = await subscribePlayground(id, { uri, subscribe: on });
    if (answer.ok) {
      setSubscribeProblem(null);
      setSubscriptions(answer.value);
    } else setSubscribeProblem(answer.message);
  };

  const end = async (): Promise<void> => {
    const id = idRef.current;
    idRef.current = null;
    if (id !== null) await endPlayground(id);
    ended('You ended the session: the sandbox and the server are gone.');
  };

  return {
    phase,
    setPhase,
    session,
    problem,
    endedWhy,
    inFlight,
    last,
    live,
    answerProblem,
    subscribeProblem,
    complete,
    subscribe,
    start,
    call,
    answer,
    end,
    refresh,
  };
}
export type Playground = ReturnType<typeof usePlayground>;
