/** The default limits of one audit (each one a CLI option and an API field). */
export const AUDIT_DEFAULTS = {
  timeoutMs: 30_000,
  connectTimeoutMs: 20_000,
  requestTimeoutMs: 15_000,
  maxPages: 1000,
  maxBytes: 16 * 1024 * 1024,
  /** Listening after the lists for list_changed and server requests (host-session.ts). */
  listenMs: 500,
} as const;
