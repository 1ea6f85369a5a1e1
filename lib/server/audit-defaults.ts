import { EXERCISE_LIMITS } from '../core/exercise/select';

/** The default limits of one audit (each one a CLI option and an API field). */
export const AUDIT_DEFAULTS = {
  /** The connect time and room for the lists after it. */
  timeoutMs: 45_000,
  /** The same start limit as the sandbox's (measured there). */
  connectTimeoutMs: EXERCISE_LIMITS.startTimeoutMs,
  requestTimeoutMs: 15_000,
  maxPages: 1000,
  maxBytes: 16 * 1024 * 1024,
  /** Listening after the lists for list_changed and server requests (host-session.ts). */
  listenMs: 500,
} as const;
