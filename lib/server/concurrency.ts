/**
 * The dashboard's one concurrency cap, shared by audits (each may be a spawned process) and OAuth
 * checks (each holds outbound sockets): past it, the API answers 429 instead of queueing work.
 */

/** Audits and OAuth checks running at once through the API, together. */
export const MAX_CONCURRENT_WORK = 24;

let running = 0;

/** Work running now through the API (audits and OAuth checks). */
export function runningWork(): number {
  return running;
}

/** A slot, or null when the cap is reached. The release function is idempotent. */
export function tryStartWork(): (() => void) | null {
  if (running >= MAX_CONCURRENT_WORK) return null;
  running += 1;
  let released = false;
  return () => {
    if (released) return;
    released = true;
    running -= 1;
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
