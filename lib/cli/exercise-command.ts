/**
 * `audit --exercise` after the audit (issue 23): read --calls, show which tools will be called in
 * the sandbox and ask for consent (unless --yes), then run the exercise with one progress line per
 * call on stderr. Nothing is called without consent; server text is escaped (terminalSafe).
 */
import type { Report } from '../core/report/report';
import { exerciseServer, planCalls } from '../server/exercise/run';
import type { AuditTargetSpec } from '../server/target-spec';
import { usageError } from './args-problem';
import type { CallsGiven } from './calls-file';
import type { ExerciseOption } from './exercise-args';
import type { CliIo } from './io';
import { ANSWER_TIMEOUT_MS, readAnswer } from './scan-prompt';
import { terminalSafe } from './print/terminal';

/** Every tool --calls names must be one the server lists (the file itself was checked with the arguments). */
export function checkCallsNames(calls: CallsGiven, report: Report): void {
  const names = new Set(report.tools.map((tool) => tool.name));
  const unknown = Object.keys(calls).filter((name) => !names.has(name));
  if (unknown.length > 0)
    throw usageError(
      `--calls names ${unknown.map((name) => `"${terminalSafe(name, 80)}"`).join(', ')}, which the server does not list; nothing was called.`,
      'Use the tool names of the audit above (the name column), spelled exactly.',
    );
}

export type ExerciseOutcome = { kind: 'done'; report: Report } | { kind: 'refused'; message: string };

export async function exerciseFromCli(
  report: Report,
  target: Extract<AuditTargetSpec, { transport: 'stdio' }>,
  option: ExerciseOption,
  io: CliIo,
  signal: AbortSignal,
  /** --connect-timeout: the sandboxed start's limit too (default EXERCISE_LIMITS.startTimeoutMs). */
  startTimeoutMs?: number,
): Promise<ExerciseOutcome> {
  const calls = option.calls ?? undefined;
  if (calls !== undefined) checkCallsNames(calls, report);
  const plan = planCalls(report, { mode: option.mode, ...(calls === undefined ? {} : { calls }) });
  if (plan.calls.length === 0) {
    io.stderr.write(
      `mcp-hintcheck: --exercise ${option.mode}: no tool to call (${plan.skipped.length} skipped: their hints claim nothing a trace can check; try --exercise all).\n`,
    );
    return { kind: 'done', report };
  }
  const names = plan.tools.map((tool) => terminalSafe(tool.name, 60)).join(', ');
  io.stderr.write(
    `mcp-hintcheck will start the server again in a sandbox (bubblewrap: no network, the system read-only, a throwaway HOME and working folder) and make ${plan.calls.length} call${plan.calls.length === 1 ? '' : 's'} to ${plan.tools.length} tool${plan.tools.length === 1 ? '' : 's'}: ${names}.\n`,
  );
  if (!option.yes) {
    const stdin = io.stdin ?? process.stdin;
    io.stderr.write('Call these tools? [y/N] ');
    const answer = await readAnswer(stdin, ANSWER_TIMEOUT_MS);
    if (stdin.isTTY !== true) io.stderr.write('\n');
    if (answer.kind !== 'line' || !/^\s*y(es)?\s*$/i.test(answer.text))
      return {
        kind: 'refused',
        message:
          answer.kind === 'line'
            ? 'Not confirmed; nothing was called.'
            : 'No answer on stdin; nothing was called. Pass --yes to consent from a script.',
      };
  }
  const exercised = await exerciseServer(target, report, {
    mode: option.mode,
    ...(calls === undefined ? {} : { calls }),
    callerEnv: io.callerEnv,
    signal,
    ...(startTimeoutMs === undefined ? {} : { limits: { startTimeoutMs } }),
    onProgress: (event) => {
      if (event.kind !== 'called') return;
      const round = event.round > 1 ? ' (repeat)' : '';
      io.stderr.write(
        `  [${event.index + 1}/${event.total}] ${terminalSafe(event.tool, 60)}${round}: ${event.outcome}, ${event.durationMs} ms\n`,
      );
    },
  });
  return { kind: 'done', report: exercised };
}
