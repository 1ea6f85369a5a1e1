/**
 * Runs one audit for a CLI command: progress lines on a terminal, Ctrl-C cancels the audit and ends
 * the server, a second Ctrl-C exits at once (the stdio transport's exit hook still kills the
 * server's process group).
 */
import type { AuditProgress } from '../core/audit-request';
import type { Report } from '../core/report';
import { runAudit } from '../server/audit';
import type { AuditTargetSpec } from '../server/target-spec';
import { catchInterrupts } from './interrupts';
import type { CliIo } from './io';
import { describeProgress } from './progress';

export interface AuditLimits {
  target: AuditTargetSpec;
  timeoutMs: number | undefined;
  connectTimeoutMs: number | undefined;
  requestTimeoutMs: number | undefined;
  maxPages: number | undefined;
  maxBytes: number | undefined;
}

export async function auditWithSignals(
  command: AuditLimits,
  io: CliIo,
): Promise<{ report: Report; cancelled: boolean }> {
  const interrupts = catchInterrupts(io);
  const progress = io.stderr.isTTY === true;
  try {
    const report = await runAudit(command.target, {
      signal: interrupts.signal,
      callerEnv: io.callerEnv,
      ...(command.timeoutMs === undefined ? {} : { timeoutMs: command.timeoutMs }),
      ...(command.connectTimeoutMs === undefined ? {} : { connectTimeoutMs: command.connectTimeoutMs }),
      ...(command.requestTimeoutMs === undefined ? {} : { requestTimeoutMs: command.requestTimeoutMs }),
      ...(command.maxPages === undefined ? {} : { maxPages: command.maxPages }),
      ...(command.maxBytes === undefined ? {} : { maxBytes: command.maxBytes }),
      ...(progress ? { onProgress: (event: AuditProgress) => io.stderr.write(`· ${describeProgress(event)}\n`) } : {}),
      includeOAuth: command.target.transport !== 'stdio',
    });
    return { report, cancelled: interrupts.signal.aborted };
  } finally {
    interrupts.stop();
  }
}
