/**
 * Markdown of a `scan` for a pull-request comment: the verdict, the count of every finding (the
 * walk of lib/core/session/scan-findings.ts, what --fail-on judges), the configuration findings
 * (file and line of each entry), the overview of the audited servers, the session findings, then
 * what each of those finding ids means. Text from files and servers goes through markdownText
 * (escaped, capped).
 */
import { CLIENTS } from '../../core/config/clients';
import type { ScanExport } from '../../core/session/scan-export';
import {
  ofFamily,
  scanCountsText,
  type ConfigScanFinding,
  type ScanFinding,
  type SessionScanFinding,
} from '../../core/session/scan-findings';
import type { OverviewRow } from '../../core/session/overview';
import { markdownText } from './print-markdown';

const cell = (value: number | null): string => (value === null ? '-' : String(value));

function where(file: string, line: number, home: string): string {
  const shown = home !== '' && file.startsWith(`${home}/`) ? `~${file.slice(home.length)}` : file;
  return `${markdownText(shown, 200)}:${line}`;
}

function configLines(findings: readonly ConfigScanFinding[], home: string): string[] {
  if (findings.length === 0) return ['Configuration findings: none.'];
  return [
    `**Configuration findings (${findings.length})**, before anything was launched:`,
    '',
    '| severity | finding | server | where | what |',
    '| -------- | ------- | ------ | ----- | ---- |',
    ...findings.map(
      ({ severity, id, subject, message }) =>
        `| ${severity} | \`${id}\` | ${subject.server === null ? '' : markdownText(subject.server, 80)} | ${where(subject.file, subject.line, home)} | ${markdownText(message, 300)} |`,
    ),
  ];
}

function overviewLines(overview: readonly OverviewRow[]): string[] {
  if (overview.length === 0) return [];
  const lines = [
    '',
    '| status | server | clients | tools | read-only | destructive | open-world | unannotated | worst flag | tokens~ |',
    '| ------ | ------ | ------- | ----: | --------: | ----------: | ---------: | ----------: | ---------- | ------: |',
    ...overview.map(
      (row) =>
        `| ${row.status} | ${markdownText(row.name, 80)} | ${row.clients.map((client) => CLIENTS[client].label).join(', ')} | ${cell(row.tools)} | ${cell(row.readOnly)} | ${cell(row.destructive)} | ${cell(row.openWorld)} | ${cell(row.unannotated)} | ${row.worstFlag === null ? '-' : `${row.worstSeverity ?? ''} \`${row.worstFlag}\``} | ${cell(row.tokens)} |`,
    ),
  ];
  const failed = overview.filter((row) => row.status !== 'ok');
  if (failed.length > 0) {
    lines.push('', '**Not audited:**');
    for (const row of failed)
      lines.push(`- ${markdownText(row.name, 80)}: ${markdownText(row.error ?? row.status, 400)}`);
  }
  return lines;
}

function sessionLines(findings: readonly SessionScanFinding[]): string[] {
  if (findings.length === 0) return [];
  return [
    '',
    `**Session findings (${findings.length})**, across servers:`,
    '',
    ...findings.map(({ severity, id, message }) => `- ${severity} \`${id}\`: ${markdownText(message, 600)}`),
  ];
}

/** What the listed findings mean (an audited server's report carries its own explanations). */
function meaningLines(findings: readonly ScanFinding[]): string[] {
  const listed = new Map(
    findings.filter((finding) => finding.family !== 'server').map((finding) => [finding.id, finding.definition]),
  );
  if (listed.size === 0) return [];
  return [
    '',
    '<details><summary>What the findings mean</summary>',
    '',
    ...[...listed].map(
      ([id, definition]) => `- \`${id}\`: ${definition.meaning} *Does not tell you:* ${definition.doesNotTell}`,
    ),
    '',
    '</details>',
  ];
}

/** The scan as Markdown, its findings from the walk of every finding; `home` is shown as `~` in file paths. */
export function scanToMarkdown(data: ScanExport, findings: readonly ScanFinding[], home = ''): string {
  const failed = data.overview.filter((row) => row.status !== 'ok');
  const verdict =
    data.overview.length === 0
      ? 'nothing audited'
      : failed.length > 0
        ? `${data.overview.length - failed.length} of ${data.overview.length} audited`
        : `${data.overview.length} audited`;
  return [
    `### mcp-hintcheck scan: ${data.servers.length} server${data.servers.length === 1 ? '' : 's'} found, ${verdict}`,
    '',
    `**Findings**, what --fail-on judges: ${scanCountsText(findings)}.`,
    '',
    ...configLines(ofFamily(findings, 'configuration'), home),
    ...overviewLines(data.overview),
    ...sessionLines(ofFamily(findings, 'session')),
    ...meaningLines(findings),
    '',
    '_Annotations are hints a server gives about itself; nothing verifies them._',
    '',
  ].join('\n');
}
