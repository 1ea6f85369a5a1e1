'use client';
/**
 * The exercise's lifecycle in the browser: POST /api/exercise with the confirmed tools, the NDJSON
 * stream of calls read as it comes, the exercised report handed on, a failure or cancellation kept
 * as one message. The stage says which part of ExerciseAction shows.
 */
import { useRef, useState } from 'react';
import type { AuditRequest } from '@/lib/core/api/audit-request';
import { exerciseEventSchema, type ExerciseEvent } from '@/lib/core/api/exercise-request';
import type { ExerciseMode } from '@/lib/core/exercise/modes';
import { ProblemError } from '@/lib/core/problems';
import type { Report } from '@/lib/core/report/report';
import { postNdjson } from '@/components/session/api-fetch';

export type CallEvent = Extract<ExerciseEvent, { type: 'call' }>;
export type ExerciseStage = 'idle' | 'confirming' | 'running' | 'done' | 'failed';

export function useExercise(
  request: Extract<AuditRequest, { transport: 'stdio' }>,
  onReport: (report: Report) => void,
) {
  const [stage, setStage] = useState<ExerciseStage>('idle');
  const [calls, setCalls] = useState<CallEvent[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const controller = useRef<AbortController | null>(null);

  const fail = (message: string): void => {
    setProblem(message);
    setStage('failed');
  };
  const failWith = (problem: { message: string; hint?: string | undefined }): void => {
    fail(`${problem.message}${problem.hint === undefined ? '' : ` ${problem.hint}`}`);
  };

  /** Shows one stream event: a call's progress, the report (done), or the error (failed). Returns whether it ended the run. */
  const show = (event: ExerciseEvent): boolean => {
    if (event.type === 'call') {
      setCalls((shown) => [...shown.filter((c) => c.index !== event.index), event].sort((a, b) => a.index - b.index));
      return false;
    }
    if (event.type === 'report') {
      onReport(event.report);
      setStage('done');
    } else failWith(event.error);
    return true;
  };

  const confirm = async (mode: ExerciseMode, confirmedTools: string[]): Promise<void> => {
    setStage('running');
    setCalls([]);
    setProblem(null);
    controller.current = new AbortController();
    try {
      const ended = { finished: false, invalidLines: 0 };
      const body = { target: request, mode, confirmedTools };
      await postNdjson('/api/exercise', body, controller.current.signal, exerciseEventSchema, {
        onInvalidLine: () => {
          ended.invalidLines += 1;
        },
        onEvent: (event) => {
          if (show(event)) ended.finished = true;
        },
      });
      if (!ended.finished) {
        const skipped =
          ended.invalidLines === 0 ? '' : ` ${ended.invalidLines} lines of its answer were not valid events.`;
        fail(`The exercise ended without a report.${skipped}`);
      }
    } catch (error) {
      if (error instanceof ProblemError) failWith(error);
      else fail(error instanceof Error ? error.message : String(error));
    }
  };

  const cancel = (): void => {
    controller.current?.abort();
    setStage('failed');
    setProblem('You cancelled the exercise; the sandboxed server was stopped.');
  };

  return { stage, setStage, calls, problem, confirm, cancel };
}
