/** Writes a rendered report to stdout or to the -o file. */
import { writeFileSync } from 'node:fs';
import type { OutputFormat } from './args';

export interface EmitIo {
  stdout: NodeJS.WritableStream;
  stderr: NodeJS.WritableStream;
}

/** False when the file could not be written (the reason is on stderr). */
export function emit(text: string, command: { output: string | null; format: OutputFormat }, io: EmitIo): boolean {
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
