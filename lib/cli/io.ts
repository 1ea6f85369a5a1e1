/**
 * What a CLI command talks to (streams, the caller's environment, signals) and how it writes its
 * output: to stdout, or to the -o file with a note on stderr.
 */
import { writeFileSync } from 'node:fs';

export interface CliIo {
  stdout: NodeJS.WritableStream & { isTTY?: boolean };
  stderr: NodeJS.WritableStream & { isTTY?: boolean };
  /** The CLI's own environment: where NO_COLOR and `--env NAME` values are read. Never handed to a server
   * as a whole: lib/server/child-env.ts keeps the allowlist plus the named variables. */
  callerEnv: NodeJS.ProcessEnv;
  /** The command line that starts the bundled demo server. */
  demo: { command: string; args: string[] };
  /** Where SIGINT/SIGTERM come from (the real process in production). */
  signals?: NodeJS.EventEmitter;
}

/** Writes output to stdout or to the -o file; false when the file could not be written. */
export function emit(
  text: string,
  command: { output: string | null; format: string },
  io: Pick<CliIo, 'stdout' | 'stderr'>,
): boolean {
  if (command.output === null) {
    io.stdout.write(text);
    return true;
  }
  try {
    writeFileSync(command.output, text);
  } catch (error) {
    io.stderr.write(
      `mcp-hintcheck: could not write ${command.output}: ${error instanceof Error ? error.message : String(error)}\n`,
    );
    return false;
  }
  io.stderr.write(`mcp-hintcheck: wrote ${command.format} report to ${command.output}\n`);
  return true;
}
