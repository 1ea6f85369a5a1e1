/**
 * Runs one audit for a CLI command other than `audit` (contract write, verify): Ctrl-C cancels the
 * audit and ends the server, a second Ctrl-C exits at once (the stdio transport's exit hook still
 * kills the server's process group). Options as for `audit` (lib/cli/audit-options.ts).
 */
import type { Report } from '../core/report';
import { runAudit } from '../server/audit';
import type { AuditTargetSpec } from '../server/target-spec';
import type { AuditSettings } from './args';
import { auditOptionsFor } from './audit-options';
import { catchInterrupts } from './interrupts';
import type { CliIo } from './io';

export async function auditWithSignals(
  target: AuditTargetSpec,
  settings: AuditSettings,
  io: CliIo,
): Promise<{ report: Report; cancelled: boolean }> {
  const interrupts = catchInterrupts(io);
  try {
    const report = await runAudit(target, auditOptionsFor(target, settings, io, interrupts.signal));
    return { report, cancelled: interrupts.signal.aborted };
  } finally {
    interrupts.stop();
  }
}
