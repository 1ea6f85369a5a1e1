/**
 * The dashboard's one concurrency cap, shared by audits (each may be a spawned process), OAuth
 * checks and sign-in starts (each holds outbound sockets): past it, the API answers 429 instead of
 * queueing work. One counter per process (process-state.ts), so every route counts against it.
 */
import { processState } from '../process/process-state';

/** Audits and OAuth checks running at once through the API, together. */
export const MAX_CONCURRENT_WORK = 24;

const work = (): { running: number } => processState('concurrency', () => ({ running: 0 }));

/** Work running now through the API (audits, OAuth checks and sign-in starts). */
export function runningWork(): number {
  return work().running;
}

/** A slot, or null when the cap is reached. The release function is idempotent. */
export function tryStartWork(): (() => void) | null {
  const state = work();
  if (state.running >= MAX_CONCURRENT_WORK) return null;
  state.running += 1;
  let released = false;
  return () => {
    if (released) return;
    released = true;
    state.running -= 1;
  };
}

/** The 429 answer past the cap. */
export function busyResponse(): Response {
  return Response.json(
    {
      error: {
        code: 'busy',
        message: `${MAX_CONCURRENT_WORK} audits and authorization checks are already running, the most this dashboard runs at once.`,
        hint: 'Wait for one to finish, or cancel one, then try again.',
      },
    },
    { status: 429, headers: { 'Cache-Control': 'no-store', 'Retry-After': '5' } },
  );
}
