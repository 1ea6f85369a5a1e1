/**
 * The CLI: parse, audit, print, choose the exit code. Loads neither Next.js nor React.
 * Ctrl-C cancels the audit and ends the server; a second Ctrl-C exits at once (the exit hook of
 * the stdio transport still kills the server's process group).
 */
import { writeFileSync } from 'node:fs';
import { oauthFindingsToCsv, reportToCsv } from '../core/csv';
import type { OAuthReport } from '../core/oauth';
import { severityRank } from '../core/flags';
import type { Report } from '../core/report';
import type { AuditProgress } from '../core/audit-request';
import { runAudit } from '../server/audit';
import { AuditError } from '../server/errors';
import { GENERATOR } from '../server/version';
import { checkOAuth } from '../server/oauth-discovery';
import { EXIT } from './exit-codes';
import { USAGE, parseCommand, type AuditCommand, type OAuthCommand } from './args';
import { renderOAuthSection } from './print-oauth';
import { ansiStyle, renderText, worstSeverity } from './print-text';

export interface CliIo {
  stdout: NodeJS.WritableStream & { isTTY?: boolean };
  stderr: NodeJS.WritableStream & { isTTY?: boolean };
  /** The CLI's own environment: where NO_COLOR and `--env NAME` values are read. Never handed to a server
   * as a whole: lib/server/child-env.ts keeps the allowlist plus the named variables. */
  callerEnv: NodeJS.ProcessEnv;
  /** The command line that starts the bundled demo server. */
  demo: { command: string; args: string[] };
  /** Where SIGINT/SIGTERM come from (the real process in production). */
  signals?: NodeJS.EventEmitter;
}

export { EXIT };

function describeProgress(event: AuditProgress): string {
  switch (event.step) {
    case 'starting':
      return `starting (${event.transport})`;
    case 'spawned':
      return `server started, pid ${String(event.pid)}`;
    case 'initialized':
      return `initialized: ${event.server.name ?? '(unnamed)'} ${event.server.version ?? ''} · protocol ${event.server.protocolVersion ?? '?'}`;
    case 'page':
      return `tools/list page ${event.page}: ${event.tools} tools so far`;
  }
}

export function renderReport(
  report: Report,
  command: Pick<AuditCommand, 'format' | 'color'>,
  io: Pick<CliIo, 'stdout' | 'callerEnv'>,
  toFile: boolean,
): string {
  switch (command.format) {
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

export function exitCodeFor(report: Report, failOn: AuditCommand['failOn']): number {
  if (report.errors.length > 0 || !report.complete) return EXIT.auditFailed;
  if (failOn !== null) {
    const worst = worstSeverity(report);
    if (worst !== null && severityRank(worst) <= severityRank(failOn)) return EXIT.failOn;
  }
  return EXIT.ok;
}

export async function main(argv: readonly string[], io: CliIo): Promise<number> {
  if (argv[0] === 'scan') {
    // Loaded on demand: the other commands never pay for the configuration and batch code.
    const { runScan } = await import('./scan');
    return runScan(argv.slice(1), io);
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

  const cancel = new AbortController();
  let interrupts = 0;
  const onSignal = (): void => {
    interrupts += 1;
    if (interrupts === 1) {
      io.stderr.write('\nmcp-hintcheck: cancelling, ending the server…\n');
      cancel.abort();
    } else {
      process.exit(130);
    }
  };
  const signals = io.signals ?? process;
  signals.on('SIGINT', onSignal);
  signals.on('SIGTERM', onSignal);
  const progress = io.stderr.isTTY === true;
  let report: Report;
  try {
    report = await runAudit(command.target, {
      signal: cancel.signal,
      callerEnv: io.callerEnv,
      ...(command.timeoutMs === undefined ? {} : { timeoutMs: command.timeoutMs }),
      ...(command.connectTimeoutMs === undefined ? {} : { connectTimeoutMs: command.connectTimeoutMs }),
      ...(command.requestTimeoutMs === undefined ? {} : { requestTimeoutMs: command.requestTimeoutMs }),
      ...(command.maxPages === undefined ? {} : { maxPages: command.maxPages }),
      ...(command.maxBytes === undefined ? {} : { maxBytes: command.maxBytes }),
      ...(progress ? { onProgress: (event: AuditProgress) => io.stderr.write(`· ${describeProgress(event)}\n`) } : {}),
      includeOAuth: command.target.transport !== 'stdio',
    });
  } finally {
    signals.off('SIGINT', onSignal);
    signals.off('SIGTERM', onSignal);
  }

  if (!emit(renderReport(report, command, io, command.output !== null), command, io)) return EXIT.auditFailed;
  if (cancel.signal.aborted) return 130;
  return exitCodeFor(report, command.failOn);
}

/** Writes output to stdout or to the -o file; false when the file could not be written. */
function emit(
  text: string,
  command: Pick<AuditCommand, 'output' | 'format'>,
  io: Pick<CliIo, 'stdout' | 'stderr'>,
): boolean {
  if (command.output === null) {
    io.stdout.write(text);
    return true;
  }
  try {
    writeFileSync(command.output, text);
  } catch (error) {
    io.stderr.write(
      `mcp-hintcheck: could not write ${command.output}: ${error instanceof Error ? error.message : String(error)}\n`,
    );
    return false;
  }
  io.stderr.write(`mcp-hintcheck: wrote ${command.format} report to ${command.output}\n`);
  return true;
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
  if (!emit(renderOAuth(oauth, command, io, command.output !== null), command, io)) return EXIT.auditFailed;
  return oauth.reachable ? EXIT.ok : EXIT.unreachable;
}
