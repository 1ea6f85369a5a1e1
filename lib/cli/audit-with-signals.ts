/**
 * Runs one audit for a CLI command other than `audit` (contract write, verify): Ctrl-C cancels the
 * audit and ends the server, a second Ctrl-C exits at once (the stdio transport's exit hook still
 * kills the server's process group). Options as for `audit` (lib/cli/audit-options.ts). With
 * `--exercise` the tools are then called in the sandbox, after the same consent as for `audit`
 * (lib/cli/exercise-command.ts), so a contract can pin "exercised clean" and verify can check it.
 */
import type { Report } from '../core/report/report';
import { runAudit } from '../server/audit/audit';
import type { AuditTargetSpec } from '../server/target-spec';
import type { AuditSettings } from './args';
import { auditOptionsFor } from './audit-options';
import { checkCapabilitiesFile } from './capabilities-option';
import { catchInterrupts } from './interrupts';
import type { ExerciseOption } from './exercise-args';
import type { CliIo } from './io';

export async function auditWithSignals(
  target: AuditTargetSpec,
  settings: AuditSettings,
  io: CliIo,
  exercise: ExerciseOption | null = null,
): Promise<{ report: Report; cancelled: boolean; refused: string | null }> {
  await checkCapabilitiesFile(settings.capabilities);
  const interrupts = catchInterrupts(io);
  try {
    let report = await runAudit(target, auditOptionsFor(target, settings, io, interrupts.signal));
    if (exercise !== null && target.transport === 'stdio' && report.complete && report.tools.length > 0) {
      if (interrupts.signal.aborted) return { report, cancelled: true, refused: null };
      const { exerciseFromCli } = await import('./exercise-command');
      const outcome = await exerciseFromCli(report, target, exercise, io, interrupts.signal, settings.connectTimeoutMs);
      if (outcome.kind === 'refused') return { report, cancelled: false, refused: outcome.message };
      report = outcome.report;
    }
    return { report, cancelled: interrupts.signal.aborted, refused: null };
  } finally {
    interrupts.stop();
  }
}
