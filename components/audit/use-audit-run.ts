'use client';

/**
 * The dashboard's audit run as React state, from request to result: one AuditSession per run
 * (audit-session.ts: the stream, live progress, Cancel), the report or the problems, and a saved report
 * shown like a finished run. One run at a time: starting another closes the one before. The page
 * composes it with the forms and the views (components/dashboard.tsx).
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { AuditRequest } from '@/lib/core/api/audit-request';
import type { Report } from '@/lib/core/report/report';
import { AuditSession, startingRun, type Run } from '@/components/audit/audit-session';

export interface AuditRun {
  run: Run | null;
  /** Runs one audit, local or hosted: one request, one Report (a hosted one carries its OAuth check). */
  start: (request: AuditRequest) => void;
  cancel: () => void;
  /** A report saved earlier, shown like a finished audit, with what was computed to read it. */
  showSaved: (saved: Report, fileName: string) => void;
  replaceReport: (report: Report) => void;
  /** No run shown (a saved file of another kind is). */
  clear: () => void;
}

/** `onStarted` runs when an audit has begun (the page scrolls to it and clears a form's refusal). */
export function useAuditRun(onStarted: () => void = () => undefined): AuditRun {
  const [run, setRun] = useState<Run | null>(null);
  const sessionRef = useRef<AuditSession | null>(null);
  const runCounter = useRef(0);
  const onStartedRef = useRef(onStarted);
  useEffect(() => {
    onStartedRef.current = onStarted;
  });

  useEffect(
    () => () => {
      sessionRef.current?.abort();
    },
    [],
  );

  const start = useCallback((request: AuditRequest) => {
    sessionRef.current?.abort();
    const id = ++runCounter.current;
    setRun(startingRun(id, request));
    onStartedRef.current();
    const session = new AuditSession(request, (change) => {
      setRun((current) => (current?.id === id ? change(current) : current));
    });
    sessionRef.current = session;
    session.start();
  }, []);

  const cancel = useCallback((): void => {
    sessionRef.current?.cancel();
  }, []);

  const showSaved = useCallback((saved: Report, fileName: string): void => {
    sessionRef.current?.abort();
    const now = Date.now();
    setRun({
      id: ++runCounter.current,
      url: null,
      status: 'done',
      events: [],
      startedAt: now,
      finishedAt: now,
      report: saved,
      problems: [],
      source: fileName,
    });
  }, []);

  /** The exercised report replaces the audited one (the same server, now with its behaviour). */
  const replaceReport = useCallback((report: Report) => {
    setRun((current) => (current === null ? current : { ...current, report }));
  }, []);

  const clear = useCallback((): void => {
    sessionRef.current?.abort();
    setRun(null);
  }, []);

  return { run, start, cancel, showSaved, replaceReport, clear };
}
