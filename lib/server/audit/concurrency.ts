/**
 * The dashboard's concurrency caps: one shared by audits (each may be a spawned process), OAuth
 * checks and sign-in starts (each holds outbound sockets), and one for "Your servers" batches (each
 * starts up to its own concurrency of processes, and takes a slot of the first cap too). Past a cap,
 * the API answers 429 instead of queueing work. The counters are the process's (process-state.ts),
 * so every route bundle counts against the same ones.
 */
import { processState } from '../process/process-state';

/** Audits and OAuth checks running at once through the API, together. */
export const MAX_CONCURRENT_WORK = 24;
/** Batches running at once (each may start up to its concurrency of processes). */
export const MAX_CONCURRENT_BATCHES = 2;

const work = (): { running: number; batches: number } =>
  processState('concurrency', () => ({ running: 0, batches: 0 }));

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

/** A batch's slot (one of the batches' and one of the shared cap's), or why not. Idempotent release. */
export function tryStartBatch(): { release: () => void } | { busy: Response } {
  const state = work();
  if (state.batches >= MAX_CONCURRENT_BATCHES) {
    return {
      busy: busyJson(`${MAX_CONCURRENT_BATCHES} batches are already running.`, 'Wait for one to finish, or cancel it.'),
    };
  }
  const releaseWork = tryStartWork();
  if (releaseWork === null) return { busy: busyResponse() };
  state.batches += 1;
  let released = false;
  return {
    release: () => {
      if (released) return;
      released = true;
      state.batches -= 1;
      releaseWork();
    },
  };
}

function busyJson(message: string, hint: string): Response {
  return Response.json(
    { error: { code: 'busy', message, hint } },
    { status: 429, headers: { 'Cache-Control': 'no-store', 'Retry-After': '5' } },
  );
}

/** The 429 answer past the cap. */
export function busyResponse(): Response {
  return busyJson(
    `${MAX_CONCURRENT_WORK} audits and authorization checks are already running, the most this dashboard runs at once.`,
    'Wait for one to finish, or cancel one, then try again.',
  );
}
