'use client';

/**
 * "Why did this fail?" on a failed hosted audit: runs the connection doctor (POST /api/doctor,
 * lib/server/doctor/) on the audited URL and lists each step with its outcome, time and what to try,
 * the first failing one named.
 */
import { useState } from 'react';
import { DOCTOR_STEP_TITLES, type DoctorResult } from '@/lib/core/doctor/steps';
import { problemFromResponse } from '@/components/session/problem-from-response';
import { apiFetch } from '@/components/session/api-fetch';
import { BUTTON, MUTED, Panel } from '@/components/ui/styles';
import { VisibleText } from '@/components/ui/visible-text';

const MARK = { ok: 'ok', warn: 'warning', fail: 'failed', skip: 'skipped' } as const;

async function askDoctor(url: string): Promise<DoctorResult> {
  const response = await apiFetch('/api/doctor', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ url }),
  });
  if (!response.ok) throw new Error((await problemFromResponse(response)).message);
  return ((await response.json()) as { result: DoctorResult }).result;
}

export function WhyFailed({ url }: { url: string }) {
  const [state, setState] = useState<{ running: boolean; result: DoctorResult | null; error: string | null }>({
    running: false,
    result: null,
    error: null,
  });
  const run = (): void => {
    setState({ running: true, result: null, error: null });
    askDoctor(url).then(
      (result) => {
        setState({ running: false, result, error: null });
      },
      (error: unknown) => {
        setState({ running: false, result: null, error: error instanceof Error ? error.message : 'failed' });
      },
    );
  };
  const { result } = state;
  return (
    <Panel title="Why did this fail?" headingId="doctor-heading" testId="doctor-panel">
      <button type="button" className={BUTTON.secondary} onClick={run} disabled={state.running}>
        {state.running ? 'Checking each step…' : 'Check the connection step by step'}
      </button>
      {state.error === null ? null : <p className="mt-2 text-sm">{state.error}</p>}
      {result === null ? null : (
        <>
          <ol data-testid="doctor-steps" className="mt-3 space-y-1 text-sm">
            {result.steps.map((entry) => (
              <li key={entry.id} data-outcome={entry.outcome}>
                <span className="font-medium">{MARK[entry.outcome]}</span> {DOCTOR_STEP_TITLES[entry.id]}
                {entry.outcome === 'skip' ? null : <span className={MUTED}> ({entry.durationMs} ms)</span>}:{' '}
                <VisibleText text={entry.detail} />
                {entry.tryNext === null ? null : (
                  <span className={`block pl-4 ${MUTED}`}>
                    Try: <VisibleText text={entry.tryNext} />
                  </span>
                )}
              </li>
            ))}
          </ol>
          <p data-testid="doctor-first-problem" className="mt-2 text-sm font-medium">
            {result.firstProblem === null
              ? 'Every step answered.'
              : `${result.failed ? 'First failing step' : 'First warning'}: ${DOCTOR_STEP_TITLES[result.firstProblem]}.`}
          </p>
        </>
      )}
    </Panel>
  );
}
