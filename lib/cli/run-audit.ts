/**
 * Runs one audit for a CLI command: progress lines on a terminal, Ctrl-C cancels the audit and ends
 * the server, a second Ctrl-C exits at once (the stdio transport's exit hook still kills the
 * server's process group).
 */
import type { AuditProgress } from '../core/audit-request';
import type { Report } from '../core/report';
import { runAudit } from '../server/audit';
import type { AuditTargetSpec } from '../server/target-spec';
import { EXIT } from './exit-codes';
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
  const cancel = new AbortController();
  let interrupts = 0;
  const onSignal = (): void => {
    interrupts += 1;
    if (interrupts === 1) {
      io.stderr.write('\nmcp-hintcheck: cancelling, ending the server…\n');
      cancel.abort();
    } else {
      process.exit(EXIT.interrupted);
    }
  };
  const signals = io.signals ?? process;
  signals.on('SIGINT', onSignal);
  signals.on('SIGTERM', onSignal);
  const progress = io.stderr.isTTY === true;
  try {
    const report = await runAudit(command.target, {
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
    return { report, cancelled: cancel.signal.aborted };
  } finally {
    signals.off('SIGINT', onSignal);
    signals.off('SIGTERM', onSignal);
  }
}
