/**
 * The playground's limits (issue 37), apart from its wire schemas so that what only needs a number
 * (the dashboard's shutdown path through playground/registry.ts, the consent dialog) loads no zod.
 */
export const PLAYGROUND_LIMITS = {
  /** A session no one used for this long ends (its sandbox and server go). */
  idleMs: 10 * 60_000,
  /** Sessions at once, across the dashboard. */
  maxSessions: 2,
  /** One call, including the time the user takes to answer the server's requests. */
  callTimeoutMs: 5 * 60_000,
  /** Log entries kept per session (the oldest go first; the state says how many were dropped). */
  maxLogEntries: 5_000,
  /** A message logged longer than this is cut (the entry says it was). */
  maxLoggedBytes: 64 * 1024,
  /** A result longer than this is refused as too large (as the exercise does). */
  maxResultBytes: 4 * 1024 * 1024,
  /** Server requests waiting for the user at once; one more is refused with a JSON-RPC error (issue 48). */
  maxPending: 32,
  /** A waiting request whose params are longer than this (as JSON) is refused with a JSON-RPC error. */
  maxPendingParamsBytes: 256 * 1024,
  /** Waiting requests one state read returns (the oldest first; `pendingCount` says how many wait). */
  pendingPage: 8,
  /** Log entries one state read returns, by their JSON's size (`logMore` says more follow). */
  maxLogPageBytes: 4 * 1024 * 1024,
} as const;
