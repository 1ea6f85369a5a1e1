/**
 * Markdown of a `scan` for a pull-request comment: the verdict, the configuration findings (file
 * and line of each entry), the overview of the audited servers, the session findings, then what
 * each finding id means. Text from files and servers goes through markdownText (escaped, capped).
 */
import { CLIENTS } from '../core/config/clients';
import type { ScanExport } from '../core/session/scan-export';
import { markdownText } from './print-markdown';

const cell = (value: number | null): string => (value === null ? '-' : String(value));

function where(file: string, line: number, home: string): string {
  const shown = home !== '' && file.startsWith(`${home}/`) ? `~${file.slice(home.length)}` : file;
  return `${markdownText(shown, 200)}:${line}`;
}

/** The scan as Markdown; `home` is shown as `~` in file paths. */
export function scanToMarkdown(data: ScanExport, home = ''): string {
  const failed = data.overview.filter((row) => row.status !== 'ok');
  const verdict =
    data.overview.length === 0
      ? 'nothing audited'
      : failed.length > 0
        ? `${data.overview.length - failed.length} of ${data.overview.length} audited`
        : `${data.overview.length} audited`;
  const lines = [
    `### mcp-hintcheck scan: ${data.servers.length} server${data.servers.length === 1 ? '' : 's'} found, ${verdict}`,
    '',
  ];
  if (data.configFindings.length === 0) lines.push('Configuration findings: none.');
  else {
    lines.push(
      `**Configuration findings (${data.configFindings.length})**, before anything was launched:`,
      '',
      '| severity | finding | server | where | what |',
      '| -------- | ------- | ------ | ----- | ---- |',
    );
    for (const finding of data.configFindings) {
      lines.push(
        `| ${finding.severity} | \`${finding.id}\` | ${finding.server === null ? '' : markdownText(finding.server, 80)} | ${where(finding.file, finding.line, home)} | ${markdownText(finding.message, 300)} |`,
      );
    }
  }
  if (data.overview.length > 0) {
    lines.push(
      '',
      '| status | server | clients | tools | read-only | destructive | open-world | unannotated | worst flag | tokens~ |',
      '| ------ | ------ | ------- | ----: | --------: | ----------: | ---------: | ----------: | ---------- | ------: |',
    );
    for (const row of data.overview) {
      lines.push(
        `| ${row.status} | ${markdownText(row.name, 80)} | ${row.clients.map((client) => CLIENTS[client].label).join(', ')} | ${cell(row.tools)} | ${cell(row.readOnly)} | ${cell(row.destructive)} | ${cell(row.openWorld)} | ${cell(row.unannotated)} | ${row.worstFlag === null ? '-' : `${row.worstSeverity ?? ''} \`${row.worstFlag}\``} | ${cell(row.tokens)} |`,
      );
    }
    if (failed.length > 0) {
      lines.push('', '**Not audited:**');
      for (const row of failed)
        lines.push(`- ${markdownText(row.name, 80)}: ${markdownText(row.error ?? row.status, 400)}`);
    }
  }
  if (data.sessionFindings.length > 0) {
    lines.push('', `**Session findings (${data.sessionFindings.length})**, across servers:`, '');
    for (const finding of data.sessionFindings)
      lines.push(`- ${finding.severity} \`${finding.id}\`: ${markdownText(finding.message, 600)}`);
  }
  const ids = Object.keys(data.definitions);
  if (ids.length > 0) {
    lines.push('', '<details><summary>What the findings mean</summary>', '');
    for (const id of ids) {
      const definition = data.definitions[id];
      if (definition !== undefined)
        lines.push(`- \`${id}\`: ${definition.meaning} *Does not tell you:* ${definition.doesNotTell}`);
    }
    lines.push('', '</details>');
  }
  lines.push('', '_Annotations are hints a server gives about itself; nothing verifies them._', '');
  return lines.join('\n');
}
