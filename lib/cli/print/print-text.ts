/**
 * The human summary of a Report: the article's lines (N tools; read-only / destructive /
 * open-world / unannotated), improved with partial/full counts, the additive writes, the
 * open-world tools, the flagged tools, and the problems met. Every string from the server is made
 * terminal-safe first (terminal.ts); the lines are then wrapped within 100 columns (wrap.ts).
 */
import { renderReadinessLines } from './print-readiness';
import { renderAppsLines } from './print-apps';
import { FLAG_DEFINITIONS } from '../../core/flags/catalogue';
import { allFindings, severityCounts } from '../../core/report/findings';
import { describeInferred } from '../../core/signals/inferred-effect';
import type { Problem } from '../../core/problems';
import { formatBytes } from '../../core/bytes';
import type { Report } from '../../core/report/report';
import type { ToolReport } from '../../core/report/tool-report';
import { renderOAuthSection } from './print-oauth';
import { renderDeclaredLines } from './print-declared';
import { PLAIN, terminalSafe, type TextStyle } from './terminal';
import { renderBehaviourLines } from './print-behaviour';
import { renderProtocolLines, renderSurfaceLines } from './print-surface';
import { renderCapabilitiesLine, renderReadFirstLines } from './print-read-first';
import { renderSessionLines } from './print-session';
import { wrapText } from './wrap';

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
    const where = target.listedIn === undefined ? '' : `, listed in ${terminalSafe(target.listedIn, 600)}`;
    return `${terminalSafe([target.command, ...target.args].join(' '), 300)} (stdio${where})${env}`;
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

/** Why the strict count and the partially-annotated flag's count differ, when they do. */
function partialNote(summary: Report['summary']): string {
  const flagged = summary.flagCounts['partially-annotated'] ?? 0;
  const quiet = summary.partiallyAnnotated - flagged;
  return quiet > 0 ? ` (${flagged} flagged; ${quiet} read-only, whose missing hints do not apply)` : '';
}

function flaggedTools(tools: readonly ToolReport[]): ToolReport[] {
  return tools
    .filter((tool) => tool.flags.some((flag) => flag.severity !== 'info'))
    .sort((a, b) => a.risk.rank - b.risk.rank);
}

function headerLines(report: Report, style: TextStyle): string[] {
  const { server } = report;
  const out = [style.bold(`mcp-hintcheck ${report.generator.version}`) + ` · ${describeTargetLine(report)}`];
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
    out.push(...renderProtocolLines(report, style), ...renderCapabilitiesLine(report, style));
  }
  return out;
}

function signInLines(report: Report, style: TextStyle): string[] {
  if (report.signIn === undefined) return [];
  const { issuer, scopesGranted, anonymousToolCount, grant } = report.signIn;
  const how = grant === 'client_credentials' ? ' (client credentials)' : '';
  const out = [
    style.dim(
      `signed in at ${terminalSafe(issuer, 200)}${how} · scopes granted: ${terminalSafe(scopesGranted.join(' '), 200) || '(none)'}${anonymousToolCount === null ? '' : ` · tools: ${report.summary.tools} signed in, ${anonymousToolCount} without a token`}`,
    ),
  ];
  for (const step of report.signIn.stepUps)
    out.push(
      style.dim(
        `step-up: ${terminalSafe(step.method ?? 'a request', 100)} needed ${terminalSafe(step.neededScopes.join(' '), 200) || '(no scope named)'}; ${step.requestedScopes === null ? terminalSafe(step.stopped ?? '', 300) : `signed in again asking for ${terminalSafe(step.requestedScopes.join(' '), 200)}`}`,
      ),
    );
  const probe = report.signIn.callProbe;
  if (probe !== null)
    out.push(
      style.dim(
        `call probe: tools/call ${terminalSafe(probe.tool, 100)}: ${probe.outcome} (${terminalSafe(probe.detail, 300)})`,
      ),
    );
  return out;
}

function countLines(report: Report, style: TextStyle): string[] {
  const { summary } = report;
  const out = [
    style.bold(`${summary.tools} tools`) +
      (report.complete ? '' : style.severity('high', ' (INCOMPLETE: the listing stopped early)')),
    `read-only: ${summary.readOnly}  destructive: ${summary.destructive}  open-world: ${summary.openWorld}  unannotated: ${summary.unannotated}`,
    `partially annotated: ${summary.partiallyAnnotated}${partialNote(summary)}  fully annotated: ${summary.fullyAnnotated}  malformed: ${summary.malformed}  additive writes: ${summary.additiveWrites.length}`,
  ];
  const findingCounts = severityCounts(allFindings(report));
  if (findingCounts.length > 0)
    out.push(
      `findings (tools, other items, server, OAuth: what --fail-on judges): ${findingCounts.map(([severity, count]) => `${count} ${severity}`).join(', ')}`,
    );
  if (summary.tools > 0 && summary.unannotated === summary.tools) {
    out.push(
      style.severity('high', 'Every tool is unannotated: the counts above are the spec defaults, not the server.'),
    );
  }
  return out;
}

function flaggedLines(report: Report, style: TextStyle, maxFlagged: number): string[] {
  const flagged = flaggedTools(report.tools);
  if (flagged.length === 0) return [];
  const out = ['', `flagged tools, riskiest first (${flagged.length}):`];
  for (const tool of flagged.slice(0, maxFlagged)) {
    const shown = tool.displayName !== tool.name ? ` ${style.dim(`"${terminalSafe(tool.displayName, 60)}"`)}` : '';
    out.push(` ${terminalSafe(tool.name, 128)}${shown} · ${tool.class} · ${tool.annotationState}`);
    if (tool.risk.inferred !== undefined)
      out.push(
        style.dim(
          `   ${terminalSafe(describeInferred(tool.risk.inferred), 200)} (it orders the tool; its class and the counts keep the spec defaults)`,
        ),
      );
    for (const flag of tool.flags) {
      if (flag.severity === 'info') continue;
      out.push(
        `   ${style.severity(flag.severity, flag.severity.padEnd(6))} ${flag.id}: ${terminalSafe(flag.message, 400)}`,
      );
    }
  }
  if (flagged.length > maxFlagged)
    out.push(style.dim(` … and ${flagged.length - maxFlagged} more: use --format json or csv for all of them.`));
  return out;
}

function infoLines(report: Report, style: TextStyle): string[] {
  const infos = Object.entries(report.summary.flagCounts).filter(
    ([id]) => FLAG_DEFINITIONS[id as keyof typeof FLAG_DEFINITIONS].severity === 'info',
  );
  if (infos.length === 0) return [];
  return ['', style.dim(`also noted: ${infos.map(([id, count]) => `${id} ×${String(count)}`).join(', ')}`)];
}

function stderrLines(report: Report, style: TextStyle): string[] {
  const stderrShown = report.errors.some((error) => error.code === 'server-exited');
  if (report.process === null || report.process.stderrTail.trim() === '' || report.errors.length === 0 || stderrShown)
    return [];
  return [
    '',
    style.dim('server stderr (tail):'),
    ...report.process.stderrTail
      .trimEnd()
      .split('\n')
      .slice(-8)
      .map((line) => style.dim(`  ${terminalSafe(line, 300)}`)),
  ];
}

function problemAndOAuthLines(report: Report, style: TextStyle): string[] {
  const out = [
    ...problemLines(style.severity('medium', 'warning'), report.warnings, style),
    ...problemLines(style.severity('high', 'error'), report.errors, style),
  ];
  if (report.oauth !== null) out.push('', ...renderOAuthSection(report.oauth, style));
  return out;
}

export function renderText(report: Report, style: TextStyle = PLAIN, maxFlagged = 40): string {
  const { summary } = report;
  const out = [...headerLines(report, style), ...signInLines(report, style), ''];
  if (report.server === null && report.tools.length === 0) {
    out.push(style.severity('high', 'The audit could not list any tool:'), ...problemAndOAuthLines(report, style));
    return `${wrapText(out.join('\n'))}\n`;
  }
  const readFirstLines = renderReadFirstLines(report, style);
  if (readFirstLines.length > 0) out.push(...readFirstLines, '');
  out.push(...countLines(report, style));
  out.push('', 'writes that declare themselves additive:', list(summary.additiveWrites));
  out.push('', 'open-world:', list(summary.openWorldTools));
  out.push(...flaggedLines(report, style, maxFlagged));
  out.push(...renderBehaviourLines(report, style));
  out.push(...renderSurfaceLines(report, style), ...renderSessionLines(report, style));
  out.push(...renderDeclaredLines(report, style), ...renderAppsLines(report, style));
  out.push(...renderReadinessLines(report, style));
  out.push(...infoLines(report, style), ...stderrLines(report, style));
  if (report.warnings.length > 0 || report.errors.length > 0) out.push('');
  out.push(...problemAndOAuthLines(report, style));
  out.push(
    '',
    style.dim('Annotations are hints a server gives about itself; nothing verifies them. Read what each tool does.'),
  );
  return `${wrapText(out.join('\n'))}\n`;
}
