/**
 * `mcp-hintcheck audit`: run the audit, render it in the format asked for (lib/cli/formats/), choose
 * the exit code. Loaded by lib/cli/main.ts after a stdio server has been started, so the SDK and zod
 * load while it boots.
 */
import { grade } from '../core/readiness/profile';
import { profileById } from '../core/readiness/profiles';
import { failsAuditGate, worstAuditSeverity } from '../core/report/audit-gate';
import { gateNote } from './gate-note';
import type { Report } from '../core/report/report';
import { runAudit } from '../server/audit/audit';
import { AuditError } from '../server/errors';
import type { StdioLaunch } from '../server/mcp/stdio-launch';
import type { AuditCommand } from './args';
import { auditOptionsFor } from './audit-options';
import { emit } from './emit';
import { EXIT } from './exit-codes';
import type { CliIo } from './io';
import { prepareHistory } from './save-history';
import { renderAs } from './formats/registry';
import { ansiStyle, errorText } from './print/terminal';

export async function renderReport(
  report: Report,
  command: Pick<AuditCommand, 'format' | 'color' | 'failOn'> & Partial<Pick<AuditCommand, 'allKinds'>>,
  io: Pick<CliIo, 'stdout' | 'callerEnv'>,
  toFile: boolean,
): Promise<string> {
  const color = command.color ?? (!toFile && io.stdout.isTTY === true && io.callerEnv.NO_COLOR === undefined);
  return renderAs(command.format, 'audit', {
    report,
    failOn: command.failOn,
    allKinds: command.allKinds === true,
    style: ansiStyle(color),
  });
}

/** The report with a directory's readiness verdict (--profile), for printing only: history keeps the report as audited. */
export function withReadiness(report: Report, profileId: string | null): Report {
  const profile = profileId === null ? null : profileById(profileId);
  return profile === null ? report : { ...report, readiness: grade(profile, report) };
}

/** 3 when the server could not be audited whole, 1 when --fail-on matched, else 0 (docs/cli.md: exit codes). */
export function exitCodeFor(report: Report, failOn: AuditCommand['failOn']): number {
  if (report.errors.length > 0 || !report.complete) return EXIT.unreachable;
  return failsAuditGate(report, failOn) ? EXIT.gate : EXIT.ok;
}

async function exerciseAfterAudit(...args: Parameters<typeof import('./exercise-command').exerciseFromCli>) {
  if (args[0].errors.length > 0 || args[0].tools.length === 0) {
    args[3].stderr.write('mcp-hintcheck: --exercise skipped: the audit did not list any tool to call.\n');
    return { kind: 'done' as const, report: args[0] };
  }
  return (await import('./exercise-command')).exerciseFromCli(...args);
}

export interface AuditCommandOptions {
  /** Cancels the audit (Ctrl-C). */
  signal: AbortSignal;
  /** The stdio server main.ts already started, if any. */
  launched: StdioLaunch | undefined;
  /** Called when the audit is over, before printing (main.ts stops catching Ctrl-C there). */
  onAudited: () => void;
}

/** A --calls name the server does not list (bad-input): a refusal said plainly, nothing called. */
function refusedCalls(error: unknown): { kind: 'refused'; message: string; hint: string | undefined } {
  if (!(error instanceof AuditError) || error.code !== 'bad-input') throw error;
  return { kind: 'refused', message: error.message, hint: error.hint };
}

export async function runAuditCommand(command: AuditCommand, io: CliIo, run: AuditCommandOptions): Promise<number> {
  // The history file opens while the audit waits for the server (lib/cli/save-history.ts).
  const history = prepareHistory(command.history, io);
  let saved = false;
  const saveOnce = (built: Report): void => {
    if (saved || run.signal.aborted) return;
    saved = true;
    history.save(built);
  };
  /** Once the report is rendered: printed (true) or its output refused (false). */
  const output: { printed: Promise<boolean> | null } = { printed: null };
  const print = (built: Report): Promise<boolean> =>
    renderReport(withReadiness(built, command.profile ?? null), command, io, command.output !== null).then((text) =>
      emit(text, command, io),
    );
  let report: Report;
  try {
    const options = {
      ...auditOptionsFor(command.target, command, io, run.signal),
      ...(run.launched === undefined ? {} : { launched: run.launched }),
      // Saved and printed while the server exits (the report is final once built): the answer does
      // not wait for the server's end to be confirmed, which reads every process on Linux and runs
      // taskkill on Windows (kept for its figure: the report is out before the SIGKILL of a server
      // that ignores SIGTERM, 200 ms earlier, test/cli-print-early.test.ts). A sign-in audit (two
      // audits) or an exercised one is saved and printed once, below.
      ...(command.login == null && command.exercise == null
        ? {
            onReport: (built: Report) => {
              saveOnce(built);
              output.printed = print(built);
              // Awaited below; a failure must not count as unhandled while the server ends.
              output.printed.catch(() => undefined);
            },
          }
        : {}),
    };
    const { login } = command;
    report =
      login != null && command.target.transport !== 'stdio'
        ? await (await import('./login')).auditWithLogin(command.target, login, options, io, command.timeoutMs)
        : await runAudit(command.target, options);
  } catch (error) {
    history.discard();
    // A sign-in that could not complete (refused, timed out): said plainly, no partial report.
    if (error instanceof AuditError && command.login != null) {
      io.stderr.write(errorText(error));
      return EXIT.unreachable;
    }
    throw error;
  } finally {
    if (command.exercise == null) run.onAudited();
  }
  if (command.exercise != null && command.target.transport === 'stdio' && !run.signal.aborted) {
    // Ctrl-C still cancels while tools are called (lib/cli/exercise-command.ts).
    const outcome = await exerciseAfterAudit(
      report,
      command.target,
      command.exercise,
      io,
      run.signal,
      command.connectTimeoutMs,
    ).catch(refusedCalls);
    run.onAudited();
    if (outcome.kind === 'refused') {
      history.discard();
      io.stderr.write(errorText(outcome));
      return EXIT.usage;
    }
    report = outcome.report;
  } else if (command.exercise != null) run.onAudited();
  if (run.signal.aborted) history.discard();
  else saveOnce(report);
  if (!(await (output.printed ?? print(report)))) return EXIT.usage;
  if (run.signal.aborted) return EXIT.interrupted;
  const code = exitCodeFor(report, command.failOn);
  const worst = worstAuditSeverity(report);
  if (code === EXIT.gate && worst !== null && command.failOn !== null) io.stderr.write(gateNote(worst, command.failOn));
  return code;
}
