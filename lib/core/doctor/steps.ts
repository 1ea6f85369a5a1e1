/**
 * The connection doctor's steps (`mcp-hintcheck doctor URL`), in the order they run, each with what
 * it checks and what to try when it fails. A step's outcome is ok, warn (works, with a caveat: a
 * certificate about to expire, a server that speaks one protocol era only), fail, or skip (an earlier
 * step it needs failed, or it does not apply: no TLS on http, no sign-in asked). The first step that
 * failed, else the first that warned, is named as the answer.
 */

export const DOCTOR_STEP_IDS = [
  'dns',
  'tcp',
  'tls',
  'http',
  'streamable-http',
  'sse',
  'era-2026',
  'era-2025',
  'protected-resource',
  'authorization-server',
] as const;
export type DoctorStepId = (typeof DOCTOR_STEP_IDS)[number];

export const DOCTOR_OUTCOMES = ['ok', 'warn', 'fail', 'skip'] as const;
export type DoctorOutcome = (typeof DOCTOR_OUTCOMES)[number];

export interface DoctorStep {
  id: DoctorStepId;
  outcome: DoctorOutcome;
  /** Milliseconds the step took (0 for a skipped one). */
  durationMs: number;
  /** What was found, in one sentence. */
  detail: string;
  /** What to try, for a step that failed or warned; else null. */
  tryNext: string | null;
}

export interface DoctorResult {
  url: string;
  steps: DoctorStep[];
  /** The first failed step, else the first that warned, else null (everything answered). */
  firstProblem: DoctorStepId | null;
  /** Whether any step failed (the exit code is 3 then). */
  failed: boolean;
}

export const DOCTOR_STEP_TITLES: Record<DoctorStepId, string> = {
  dns: 'name resolution',
  tcp: 'TCP connection',
  tls: 'TLS (certificate, name, expiry, chain)',
  http: 'HTTP status and content type',
  'streamable-http': 'Streamable HTTP (a JSON-RPC answer to POST)',
  sse: 'legacy HTTP+SSE (GET opens an event stream)',
  'era-2026': 'protocol 2026-07-28 (server/discover)',
  'era-2025': 'protocol 2025 era (initialize)',
  'protected-resource': 'protected-resource metadata (RFC 9728)',
  'authorization-server': 'authorization-server metadata (RFC 8414)',
};

/** One step's record; `tryNext` is kept only for a step that failed or warned. */
export function step(
  id: DoctorStepId,
  outcome: DoctorOutcome,
  detail: string,
  durationMs: number,
  tryNext: string | null = null,
): DoctorStep {
  return { id, outcome, durationMs, detail, tryNext: outcome === 'fail' || outcome === 'warn' ? tryNext : null };
}

export const skipped = (id: DoctorStepId, why: string): DoctorStep => step(id, 'skip', why, 0);

export function doctorResult(url: string, steps: readonly DoctorStep[]): DoctorResult {
  const failedStep = steps.find((entry) => entry.outcome === 'fail');
  const warned = steps.find((entry) => entry.outcome === 'warn');
  return { url, steps: [...steps], firstProblem: (failedStep ?? warned)?.id ?? null, failed: failedStep !== undefined };
}
