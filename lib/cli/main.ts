/**
 * The CLI: parse, audit, print, choose the exit code. Loads neither Next.js nor React.
 * Ctrl-C cancels the audit and ends the server; a second Ctrl-C exits at once (the exit hook of
 * the stdio transport still kills the server's process group).
 */
import { writeFileSync } from 'node:fs';
import { oauthFindingsToCsv, reportToCsv } from '../core/csv';
import type { OAuthReport } from '../core/oauth/schemas';
import { severityRank } from '../core/flags';
import type { Report } from '../core/report';
import type { AuditProgress } from '../core/audit-request';
import { runAudit } from '../server/audit';
import { AuditError } from '../server/errors';
import { GENERATOR } from '../server/version';
import { checkOAuth } from '../server/oauth-discovery';
import { USAGE, parseCommand, type AuditCommand, type LoginOptions, type OAuthCommand } from './args';
import { renderOAuthSection } from './print-oauth';
import { renderText, worstSeverity } from './print-text';
import { ansiStyle } from './terminal';

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

export const EXIT = { ok: 0, auditFailed: 1, usage: 2, unreachable: 3, failOn: 4 } as const;

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
    const options = {
      signal: cancel.signal,
      callerEnv: io.callerEnv,
      ...(command.timeoutMs === undefined ? {} : { timeoutMs: command.timeoutMs }),
      ...(command.connectTimeoutMs === undefined ? {} : { connectTimeoutMs: command.connectTimeoutMs }),
      ...(command.requestTimeoutMs === undefined ? {} : { requestTimeoutMs: command.requestTimeoutMs }),
      ...(command.maxPages === undefined ? {} : { maxPages: command.maxPages }),
      ...(command.maxBytes === undefined ? {} : { maxBytes: command.maxBytes }),
      ...(progress ? { onProgress: (event: AuditProgress) => io.stderr.write(`· ${describeProgress(event)}\n`) } : {}),
      includeOAuth: command.target.transport !== 'stdio',
    };
    const { login } = command;
    report =
      login != null && command.target.transport !== 'stdio'
        ? await (await import('./login')).auditWithLogin(command.target, login, options, io, command.timeoutMs)
        : await runAudit(command.target, options);
  } catch (error) {
    if (error instanceof AuditError && command.login != null) {
      io.stderr.write(`mcp-hintcheck: ${error.message}\n${error.hint === undefined ? '' : `try: ${error.hint}\n`}`);
      return EXIT.auditFailed;
    }
    throw error;
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
  if (command.login != null) return runOAuthWithLogin(command, command.login, io);
  const oauth = await checkOAuth(command.url, command.timeoutMs === undefined ? {} : { timeoutMs: command.timeoutMs });
  if (!emit(renderOAuth(oauth, command, io, command.output !== null), command, io)) return EXIT.auditFailed;
  return oauth.reachable ? EXIT.ok : EXIT.unreachable;
}

/** `oauth URL --login`: the check, then the sign-in; prints the check and what was granted (never a token). */
async function runOAuthWithLogin(command: OAuthCommand, login: LoginOptions, io: CliIo): Promise<number> {
  const { signInForCli, signInFacts } = await import('./login');
  let result;
  try {
    result = await signInForCli(command.url, login, io, { timeoutMs: command.timeoutMs });
  } catch (error) {
    if (!(error instanceof AuditError)) throw error;
    io.stderr.write(`mcp-hintcheck: ${error.message}\n${error.hint === undefined ? '' : `try: ${error.hint}\n`}`);
    return EXIT.auditFailed;
  }
  const facts = signInFacts(result.signedIn, null);
  const text =
    command.format === 'json'
      ? `${JSON.stringify({ ...result.oauth, signIn: facts }, null, 2)}\n`
      : `${renderOAuth(result.oauth, command, io, command.output !== null)}signed in: ${facts.issuer} · scopes granted: ${facts.scopesGranted.join(' ') || '(none)'}\n`;
  return emit(text, command, io) ? EXIT.ok : EXIT.auditFailed;
}
