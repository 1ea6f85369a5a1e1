/**
 * Writes a rendered report to stdout or to the -o file, after the last terminal-safety pass
 * (terminal.ts outputSafe: no control, bidi or invisible character leaves unescaped, whatever the
 * renderer let through).
 */
import { writeFileSync } from 'node:fs';
import { FORMATS, type OutputFormat } from './formats/registry';
import { outputSafe, terminalSafe } from './print/terminal';

export interface EmitIo {
  stdout: NodeJS.WritableStream;
  stderr: NodeJS.WritableStream;
}

/** False when the file could not be written (the reason is on stderr). */
export function emit(text: string, command: { output: string | null; format: OutputFormat }, io: EmitIo): boolean {
  const safe = outputSafe(text, FORMATS[command.format].safeAs);
  if (command.output === null) {
    io.stdout.write(safe);
    return true;
  }
  const where = terminalSafe(command.output, 1000);
  try {
    writeFileSync(command.output, safe);
  } catch (error) {
    io.stderr.write(
      `mcp-hintcheck: could not write ${where}: ${terminalSafe(error instanceof Error ? error.message : String(error), 1000)}\n`,
    );
    return false;
  }
  io.stderr.write(`mcp-hintcheck: wrote ${command.format} report to ${where}\n`);
  return true;
}
