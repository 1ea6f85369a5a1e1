/**
 * Reading a saved Report (an opened export, a history row): parsed JSON is a Report only when the
 * Report schema says so. Another schema version is refused with both versions named; a file of this
 * version that the schema refuses was written by an older build (before the package's first release)
 * or changed after it was saved, and its issues name what a report needs. Nothing is upgraded: no
 * released build wrote another shape, so the answer is to re-run the audit.
 */
import type { z } from 'zod';
import { REPORT_SCHEMA_VERSION, reportSchema, type Report } from './report';
import { isRecord } from '../is-record';

export type ReportReading =
  | { ok: true; report: Report }
  | { ok: false; problem: 'other-version'; found: unknown; generator: string | null }
  | { ok: false; problem: 'not-a-report'; error: z.ZodError };

/** "mcp-hintcheck 0.1.0" from a file's generator field, or null when it has none. */
function generatorOf(json: Record<string, unknown>): string | null {
  const generator = json.generator;
  if (!isRecord(generator) || typeof generator.name !== 'string') return null;
  return typeof generator.version === 'string' ? `${generator.name} ${generator.version}` : generator.name;
}

/** Validates parsed JSON as a Report of this schema version. */
export function readReport(json: unknown): ReportReading {
  if (isRecord(json) && 'schemaVersion' in json && json.schemaVersion !== REPORT_SCHEMA_VERSION) {
    return { ok: false, problem: 'other-version', found: json.schemaVersion, generator: generatorOf(json) };
  }
  const parsed = reportSchema.safeParse(json);
  return parsed.success
    ? { ok: true, report: parsed.data }
    : { ok: false, problem: 'not-a-report', error: parsed.error };
}
