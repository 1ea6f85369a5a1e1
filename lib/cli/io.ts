/** What the CLI reads and writes: its streams, its environment, and where signals come from. */
export interface CliIo {
  stdout: NodeJS.WritableStream & { isTTY?: boolean };
  stderr: NodeJS.WritableStream & { isTTY?: boolean };
  /** The CLI's own environment: where NO_COLOR and `--env NAME` values are read. Never handed to a server
   * as a whole: lib/server/child-env.ts keeps the allowlist plus the named variables. */
  callerEnv: NodeJS.ProcessEnv;
  /** The command line that starts the bundled demo server. */
  demo: { command: string; args: string[] };
  /** Where a consent answer is read (process.stdin when absent). */
  stdin?: NodeJS.ReadableStream & { isTTY?: boolean };
  /** Where SIGINT/SIGTERM come from (the real process in production). */
  signals?: NodeJS.EventEmitter;
}
