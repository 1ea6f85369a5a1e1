/**
 * The CLI: parse, audit, print, choose the exit code. Loads neither Next.js nor React.
 * Ctrl-C cancels the audit and ends the server; a second Ctrl-C exits at once (the exit hook of
 * the stdio transport still kills the server's process group).
 */
import { oauthFindingsToCsv, reportToCsv } from '../core/csv';
import type { OAuthReport } from '../core/oauth';
import { severityRank } from '../core/flags';
import type { Report } from '../core/report';
import { AuditError } from '../server/errors';
import { GENERATOR } from '../server/version';
import { checkOAuth } from '../server/oauth-discovery';
import { USAGE, parseCommand, type AuditCommand, type OAuthCommand } from './args';
import { EXIT } from './exit-codes';
import { emit, type CliIo } from './io';
import { auditWithSignals } from './run-audit';
import { renderOAuthSection } from './print-oauth';
import { ansiStyle, renderText, worstSeverity } from './print-text';

export type { CliIo } from './io';

export { EXIT } from './exit-codes';

/** Commands whose code is loaded only when asked for (contract, verify, history). */
const SURFACE_COMMANDS = new Set(['contract', 'verify', 'history']);

export async function renderReport(
  report: Report,
  command: Pick<AuditCommand, 'format' | 'color' | 'failOn'>,
  io: Pick<CliIo, 'stdout' | 'callerEnv'>,
  toFile: boolean,
): Promise<string> {
  switch (command.format) {
    case 'sarif':
    case 'junit':
    case 'markdown':
      return (await import('./print-ci')).renderAuditCi(report, command.format, command.failOn);
    case 'json':
      return `${JSON.stringify(report, null, 2)}\n`;
    case 'csv':
      return reportToCsv(report);
    case 'text': {
      const color = command.color ?? (!toFile && io.stdout.isTTY === true && io.callerEnv.NO_COLOR === undefined);
      return renderText(report, ansiStyle(color));
    }
  }
}

/** 3 when the server could not be audited whole, 1 when --fail-on matched, else 0 (README: exit codes). */
export function exitCodeFor(report: Report, failOn: AuditCommand['failOn']): number {
  if (report.errors.length > 0 || !report.complete) return EXIT.unreachable;
  if (failOn !== null) {
    const worst = worstSeverity(report);
    if (worst !== null && severityRank(worst) <= severityRank(failOn)) return EXIT.gate;
  }
  return EXIT.ok;
}

export async function main(argv: readonly string[], io: CliIo): Promise<number> {
  if (argv[0] !== undefined && SURFACE_COMMANDS.has(argv[0])) {
    return (await import('./surface-main')).runSurfaceCommand(argv, io);
  }
  let command;
  try {
    command = parseCommand(argv, io.demo);
  } catch (error) {
    if (error instanceof AuditError) {
      io.stderr.write(`mcp-hintcheck: ${error.message}\n${error.hint === undefined ? '' : `try: ${error.hint}\n`}`);
      return EXIT.usage;
    }
    throw error;
  }
  if (command.kind === 'version') {
    io.stdout.write(`${GENERATOR.version}\n`);
    return EXIT.ok;
  }
  if (command.kind === 'help') {
    io.stdout.write(USAGE);
    return EXIT.ok;
  }
  if (command.kind === 'oauth') return runOAuth(command, io);

  const { report, cancelled } = await auditWithSignals(command, io);
  if (!cancelled) (await import('./save-history')).saveToHistory(report, command.history, io);
  if (!emit(await renderReport(report, command, io, command.output !== null), command, io)) return EXIT.usage;
  if (cancelled) return EXIT.interrupted;
  return exitCodeFor(report, command.failOn);
}

export function renderOAuth(
  oauth: OAuthReport,
  command: Pick<OAuthCommand, 'format' | 'color'>,
  io: Pick<CliIo, 'stdout' | 'callerEnv'>,
  toFile: boolean,
): string {
  switch (command.format) {
    case 'json':
      return `${JSON.stringify(oauth, null, 2)}\n`;
    case 'csv':
      return oauthFindingsToCsv(oauth);
    case 'text': {
      const color = command.color ?? (!toFile && io.stdout.isTTY === true && io.callerEnv.NO_COLOR === undefined);
      return `${renderOAuthSection(oauth, ansiStyle(color)).join('\n')}\n`;
    }
  }
}

async function runOAuth(command: OAuthCommand, io: CliIo): Promise<number> {
  const oauth = await checkOAuth(command.url, command.timeoutMs === undefined ? {} : { timeoutMs: command.timeoutMs });
  if (!emit(renderOAuth(oauth, command, io, command.output !== null), command, io)) return EXIT.usage;
  return oauth.reachable ? EXIT.ok : EXIT.unreachable;
}
