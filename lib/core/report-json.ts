/**
 * The Report as JSON text, the one serialisation the CLI's --json (and -o file.json) and the
 * dashboard's JSON export share, so both give the same document for the same target.
 */
import type { Report } from './report';

export function reportJson(report: Report): string {
  return `${JSON.stringify(report, null, 2)}\n`;
}
