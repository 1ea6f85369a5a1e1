/**
 * Text for `scan`: the servers found (client, file:line, command or URL, variable names, values
 * still needed), the configuration findings before launch, then the overview, the session findings
 * with their explanations and the count of every finding (the walk of lib/core/session/scan-findings.ts,
 * what --fail-on judges). Everything read from a file or a server is terminal-safe.
 */
import { CLIENTS } from '../../core/config/clients';
import type { EnvFileListing, ServerListing, ValueSource } from '../../core/config/entry';
import { sourceText } from '../../core/config/sources';
import {
  ofFamily,
  scanCountsText,
  type ConfigScanFinding,
  type ScanFinding,
  type SessionScanFinding,
} from '../../core/session/scan-findings';
import type { OverviewRow } from '../../core/session/overview';
import { TOKEN_ENCODING } from '../../core/token-encoding';
import { terminalSafe, type TextStyle } from './terminal';

const safe = (text: string, max = 160): string => terminalSafe(text, max);

function where(server: Pick<ServerListing, 'file' | 'line'>, home: string): string {
  const file = home !== '' && server.file.startsWith(`${home}/`) ? `~${server.file.slice(home.length)}` : server.file;
  return `${safe(file, 200)}:${server.line}`;
}

/** Each value's source (`LOG_LEVEL = ${env:GH_TOKEN}`), or the names alone for a listing without sources. */
function sourcesText(names: readonly string[], sources: readonly ValueSource[]): string {
  return sources.length === names.length
    ? sources.map((source) => safe(sourceText(source), 200)).join(', ')
    : names.map((name) => safe(name, 64)).join(', ');
}

/** The envFile as written, and the file it names (and where a link in it leads). */
function envFileText(envFile: EnvFileListing, home: string): string {
  const short = (file: string): string =>
    home !== '' && file.startsWith(`${home}/`) ? `~${file.slice(home.length)}` : file;
  const resolved =
    envFile.path === null
      ? ' (not resolved: a variable has no value)'
      : ` → ${safe(short(envFile.path), 200)}${envFile.realPath === null ? '' : ` (links to ${safe(short(envFile.realPath), 200)})`}`;
  return `${safe(envFile.written, 200)}${resolved}: every variable in it reaches the server`;
}

export function renderListing(servers: readonly ServerListing[], style: TextStyle, home: string): string {
  if (servers.length === 0) return '';
  const lines = [style.bold(`${servers.length} MCP server${servers.length === 1 ? '' : 's'} found:`)];
  servers.forEach((server, index) => {
    const launch =
      server.transport === 'stdio'
        ? `stdio: ${[server.command ?? '', ...server.args].map((part) => safe(part, 120)).join(' ')}`
        : `${server.transport}: ${safe(server.url ?? '')}`;
    lines.push(
      `${String(index + 1).padStart(3)}. ${style.bold(safe(server.name, 80))}  ${CLIENTS[server.client].label}${server.project === null ? '' : ` (project ${safe(server.project, 120)})`}  ${style.dim(where(server, home))}${server.disabled ? style.dim('  [disabled]') : ''}`,
      `       ${launch}`,
    );
    if (server.envFile !== null) lines.push(`       envFile: ${envFileText(server.envFile, home)}`);
    if (server.envNames.length > 0) lines.push(`       env: ${sourcesText(server.envNames, server.envSources)}`);
    if (server.headerNames.length > 0)
      lines.push(`       headers: ${sourcesText(server.headerNames, server.headerSources)}`);
    if (server.needs.length > 0)
      lines.push(`       needs a value: ${server.needs.map((n) => safe(n.key, 80)).join(', ')}`);
  });
  return `${lines.join('\n')}\n`;
}

/** What each finding id of these means, once per id. */
function meanings(findings: readonly ScanFinding[], style: TextStyle): string[] {
  const lines = ['', style.bold('What they mean:')];
  const seen = new Set<string>();
  for (const { id, definition } of findings) {
    if (seen.has(id)) continue;
    seen.add(id);
    lines.push(` ${id}: ${definition.meaning}`, `   Does not tell you: ${definition.doesNotTell}`);
  }
  return lines;
}

export function renderConfigFindings(findings: readonly ConfigScanFinding[], style: TextStyle, home: string): string {
  if (findings.length === 0) return 'Configuration findings: none.\n';
  const lines = [style.bold(`Configuration findings (${findings.length}), before anything is launched:`)];
  for (const { id, severity, message, subject } of findings) {
    lines.push(
      ` ${style.severity(severity, severity.padEnd(6))} ${id}  ${style.dim(where(subject, home))}${subject.server === null ? '' : `  ${safe(subject.server, 80)}`}`,
      `        ${safe(message, 300)}`,
    );
  }
  return `${[...lines, ...meanings(findings, style)].join('\n')}\n`;
}

const cell = (value: number | null): string => (value === null ? '-' : String(value));

export function renderOverview(rows: readonly OverviewRow[], style: TextStyle): string {
  const header = [
    'status',
    'server',
    'clients',
    'tools',
    'ro',
    'add',
    'destr',
    'open',
    'unann',
    'worst',
    `tokens~`,
    'protocol',
  ];
  const table = rows.map((row) => [
    row.status,
    safe(row.name, 40),
    row.clients.map((client) => CLIENTS[client].label).join(', '),
    cell(row.tools),
    cell(row.readOnly),
    cell(row.additiveWrites),
    cell(row.destructive),
    cell(row.openWorld),
    cell(row.unannotated),
    row.worstFlag === null ? '-' : `${row.worstSeverity ?? ''} ${row.worstFlag}`,
    cell(row.tokens),
    row.protocolVersion === null ? '-' : safe(row.protocolVersion, 20),
  ]);
  const widths = header.map((title, i) => Math.max(title.length, ...table.map((row) => (row[i] ?? '').length)));
  const format = (row: readonly string[]): string =>
    row
      .map((text, i) => text.padEnd(widths[i] ?? 0))
      .join('  ')
      .trimEnd();
  const ok = rows.filter((row) => row.status === 'ok').length;
  const lines = [
    style.bold(`Overview: ${ok} of ${rows.length} audited`),
    style.dim(format(header)),
    ...table.map((row) => format(row)),
    style.dim(`tokens~: estimated tokens of the tool list (${TOKEN_ENCODING}); hosts count differently.`),
  ];
  const failed = rows.filter((row) => row.error !== null);
  if (failed.length > 0) {
    lines.push('', style.bold('Errors:'));
    for (const row of failed) lines.push(` ${safe(row.name, 80)}: ${terminalSafe(row.error ?? '', 600, true)}`);
  }
  return `${lines.join('\n')}\n`;
}

export function renderSessionFindings(findings: readonly SessionScanFinding[], style: TextStyle): string {
  if (findings.length === 0) return 'Session findings: none across the audited servers.\n';
  const lines = [style.bold(`Session findings (${findings.length}), across servers:`)];
  for (const { id, severity, message } of findings) {
    lines.push(` ${style.severity(severity, severity.padEnd(6))} ${id}`, `        ${safe(message, 1000)}`);
  }
  return `${[...lines, ...meanings(findings, style)].join('\n')}\n`;
}

/** The scan after its audits: the overview, the session findings, and the count of every finding. */
export function renderScan(rows: readonly OverviewRow[], findings: readonly ScanFinding[], style: TextStyle): string {
  return `${renderOverview(rows, style)}\n${renderSessionFindings(ofFamily(findings, 'session'), style)}\n${style.bold(`Findings, what --fail-on judges: ${scanCountsText(findings)}`)}\n`;
}
