/**
 * The human summary of a Report: the article's lines (N tools; read-only / destructive /
 * open-world / unannotated), improved with partial/full counts, the additive writes, the
 * open-world tools, the flagged tools, and the problems met. Every string from the server is made
 * terminal-safe first: control and bidi characters are shown as \u escapes, never interpreted.
 */
import { FLAG_DEFINITIONS, hiddenCharacters, type Severity } from '../core/flags';
import type { Problem } from '../core/problems';
import { formatBytes, type Report, type ToolReport } from '../core/report';
import { worstFlag } from '../core/history/entry';
import { renderOAuthSection } from './print-oauth';

export interface TextStyle {
  bold(text: string): string;
  dim(text: string): string;
  severity(severity: Severity, text: string): string;
}

const plain: TextStyle = { bold: (t) => t, dim: (t) => t, severity: (_s, t) => t };

export function ansiStyle(enabled: boolean): TextStyle {
  if (!enabled) return plain;
  const wrap = (code: string) => (text: string) => `\u001b[${code}m${text}\u001b[0m`;
  const colors: Record<Severity, (text: string) => string> = {
    high: wrap('1;31'),
    medium: wrap('33'),
    low: wrap('36'),
    info: wrap('2'),
  };
  return { bold: wrap('1'), dim: wrap('2'), severity: (severity, text) => colors[severity](text) };
}

/**
 * Server text made safe for a terminal: C0/C1 controls (escape sequences), DEL, and invisible or
 * direction-changing characters become visible \u escapes; length is capped.
 */
export function terminalSafe(text: string, max = 200, keepNewlines = false): string {
  const clipped = text.length > max ? `${text.slice(0, max)}…` : text;
  let out = '';
  for (const ch of clipped) {
    const code = ch.codePointAt(0) ?? 0;
    if (keepNewlines && code === 0x0a) {
      out += '\n    ';
      continue;
    }
    const control = code < 0x20 || (code >= 0x7f && code < 0xa0);
    out += control || hiddenCharacters(ch).count > 0 ? `\\u{${code.toString(16)}}` : ch;
  }
  return out;
}

const LIST_LIMIT = 100;

function list(names: readonly string[]): string {
  if (names.length === 0) return ' (none)';
  const shown = names.slice(0, LIST_LIMIT).map((name) => ` ${terminalSafe(name, 128)}`);
  if (names.length > LIST_LIMIT)
    shown.push(` … and ${names.length - LIST_LIMIT} more (--format json or csv lists them all)`);
  return shown.join('\n');
}

function describeTargetLine(report: Report): string {
  const { target } = report;
  if (target.transport === 'stdio') {
    const env = target.envNames.length > 0 ? ` · env: ${target.envNames.join(', ')}` : '';
    return `${terminalSafe([target.command, ...target.args].join(' '), 300)} (stdio)${env}`;
  }
  const headers = target.headerNames.length > 0 ? ` · headers: ${target.headerNames.join(', ')}` : '';
  return `${target.url} (${report.server?.transport ?? target.transport})${headers}`;
}

function problemLines(label: string, problems: readonly Problem[], style: TextStyle): string[] {
  const lines: string[] = [];
  for (const problem of problems) {
    lines.push(`${label} [${problem.code}] ${terminalSafe(problem.message, 2000, true)}`);
    if (problem.hint !== undefined) lines.push(style.dim(`    try: ${problem.hint}`));
  }
  return lines;
}

function flaggedTools(tools: readonly ToolReport[]): ToolReport[] {
  return tools
    .filter((tool) => tool.flags.some((flag) => flag.severity !== 'info'))
    .sort((a, b) => b.riskScore - a.riskScore || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

export function renderText(report: Report, style: TextStyle = plain, maxFlagged = 40): string {
  const { summary, server } = report;
  const out: string[] = [];
  out.push(style.bold(`mcp-hintcheck ${report.generator.version}`) + ` · ${describeTargetLine(report)}`);
  if (server !== null) {
    const name = [server.name, server.version]
      .filter((part) => part !== null)
      .map((part) => terminalSafe(part, 80))
      .join(' ');
    out.push(
      style.dim(
        `server: ${name === '' ? '(unnamed)' : name} · protocol ${server.protocolVersion ?? '?'} · ${report.pages} page${report.pages === 1 ? '' : 's'} · ${formatBytes(report.toolsListBytes)} · ${report.durationMs} ms`,
      ),
    );
  }
  out.push('');
  if (server === null && report.tools.length === 0) {
    out.push(style.severity('high', 'The audit could not list any tool:'));
    out.push(...problemLines(style.severity('medium', 'warning'), report.warnings, style));
    out.push(...problemLines(style.severity('high', 'error'), report.errors, style));
    if (report.oauth !== null) out.push('', ...renderOAuthSection(report.oauth, style));
    return `${out.join('\n')}\n`;
  }
  out.push(
    style.bold(`${summary.tools} tools`) +
      (report.complete ? '' : style.severity('high', ' (INCOMPLETE: the listing stopped early)')),
  );
  out.push(
    `read-only: ${summary.readOnly}  destructive: ${summary.destructive}  open-world: ${summary.openWorld}  unannotated: ${summary.unannotated}`,
  );
  out.push(
    `partially annotated: ${summary.partiallyAnnotated}  fully annotated: ${summary.fullyAnnotated}  malformed: ${summary.malformed}  additive writes: ${summary.additiveWrites.length}`,
  );
  if (summary.tools > 0 && summary.unannotated === summary.tools) {
    out.push(
      style.severity('high', 'Every tool is unannotated: the counts above are the spec defaults, not the server.'),
    );
  }
  out.push('', 'writes that declare themselves additive:', list(summary.additiveWrites));
  out.push('', 'open-world:', list(summary.openWorldTools));

  const flagged = flaggedTools(report.tools);
  if (flagged.length > 0) {
    out.push('', `flagged tools, riskiest first (${flagged.length}):`);
    for (const tool of flagged.slice(0, maxFlagged)) {
      const shown = tool.displayName !== tool.name ? ` ${style.dim(`"${terminalSafe(tool.displayName, 60)}"`)}` : '';
      out.push(` ${terminalSafe(tool.name, 128)}${shown} · ${tool.class} · ${tool.annotationState}`);
      for (const flag of tool.flags) {
        if (flag.severity === 'info') continue;
        out.push(
          `   ${style.severity(flag.severity, flag.severity.padEnd(6))} ${flag.id}: ${terminalSafe(flag.message, 400)}`,
        );
      }
    }
    if (flagged.length > maxFlagged)
      out.push(style.dim(` … and ${flagged.length - maxFlagged} more: use --format json or csv for all of them.`));
  }
  const infos = Object.entries(summary.flagCounts).filter(
    ([id]) => FLAG_DEFINITIONS[id as keyof typeof FLAG_DEFINITIONS].severity === 'info',
  );
  if (infos.length > 0)
    out.push('', style.dim(`also noted: ${infos.map(([id, count]) => `${id} ×${String(count)}`).join(', ')}`));

  const stderrShown = report.errors.some((error) => error.code === 'server-exited');
  if (report.process !== null && report.process.stderrTail.trim() !== '' && report.errors.length > 0 && !stderrShown) {
    out.push(
      '',
      style.dim('server stderr (tail):'),
      ...report.process.stderrTail
        .trimEnd()
        .split('\n')
        .slice(-8)
        .map((line) => style.dim(`  ${terminalSafe(line, 300)}`)),
    );
  }
  if (report.warnings.length > 0 || report.errors.length > 0) out.push('');
  out.push(...problemLines(style.severity('medium', 'warning'), report.warnings, style));
  out.push(...problemLines(style.severity('high', 'error'), report.errors, style));
  if (report.oauth !== null) out.push('', ...renderOAuthSection(report.oauth, style));
  out.push(
    '',
    style.dim('Annotations are hints a server gives about itself; nothing verifies them. Read what each tool does.'),
  );
  return `${out.join('\n')}\n`;
}

/** The most severe flag in the report, for --fail-on. */
export function worstSeverity(report: Report): Severity | null {
  return worstFlag(report)?.severity ?? null;
}
