/**
 * The run file: one NDJSON row per finished server, appended and fsync'd line by line as each audit
 * ends, so a run killed at any moment loses at most the audits still running; a re-run with the same
 * file skips every key already written. A torn last line (the kill came mid-write) is ignored, and the
 * next append starts on a fresh line.
 */
import { closeSync, existsSync, fsyncSync, openSync, readFileSync, writeSync } from 'node:fs';
import { runRowSchema, type RunRow } from '../../core/registry/row';
import { AuditError } from '../errors';

/** The rows of a run file ([] when it does not exist); lines that are not rows are skipped and counted. */
export function readRunFile(path: string): { rows: RunRow[]; skippedLines: number } {
  if (!existsSync(path)) return { rows: [], skippedLines: 0 };
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch {
    throw new AuditError('bad-input', `${path}: the run file cannot be read.`);
  }
  const rows: RunRow[] = [];
  let skippedLines = 0;
  for (const line of text.split('\n')) {
    if (line.trim() === '') continue;
    try {
      const parsed = runRowSchema.safeParse(JSON.parse(line));
      if (parsed.success) rows.push(parsed.data);
      else skippedLines += 1;
    } catch {
      skippedLines += 1;
    }
  }
  return { rows, skippedLines };
}

/** An open run file: each append is one line, written and fsync'd before it returns. */
export class RunFile {
  private readonly fd: number;

  constructor(readonly path: string) {
    const torn = existsSync(path) && !/(^|\n)$/.test(readFileSync(path, 'utf8').slice(-1));
    try {
      this.fd = openSync(path, 'a');
    } catch {
      throw new AuditError('bad-input', `${path}: the run file cannot be written.`);
    }
    if (torn) writeSync(this.fd, '\n');
  }

  append(row: RunRow): void {
    writeSync(this.fd, `${JSON.stringify(row)}\n`);
    fsyncSync(this.fd);
  }

  close(): void {
    closeSync(this.fd);
  }
}
