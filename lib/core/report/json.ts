/**
 * JSON as the product writes it, everywhere: two-space indented with a final newline. The one
 * serialisation of every JSON file and stdout the CLI and the dashboard write (the Report, the
 * OAuth report, a drift, a scan, a contract, a SARIF log), so both give the same document for the
 * same target.
 */
import type { Report } from './report';

export function jsonText(value: unknown): string {
  return `${JSON.stringify(value, null, 2)}\n`;
}

export function reportJson(report: Report): string {
  return jsonText(report);
}
