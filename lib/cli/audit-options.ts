/**
 * The audit options for a CLI command, from its settings: one place, so `audit`, `contract write`
 * and `verify` honour the same flags (limits, --protocol, --tokens), show the same progress lines on a
 * terminal, and check a hosted server's OAuth metadata alike.
 */
import type { AuditProgress } from '../core/api/audit-request';
import type { AuditOptions } from '../server/audit/audit-options';
import type { AuditTargetSpec } from '../server/target-spec';
import type { AuditSettings } from './args';
import type { CliIo } from './io';
import { describeProgress } from './progress';

export function auditOptionsFor(
  target: AuditTargetSpec,
  settings: AuditSettings,
  io: Pick<CliIo, 'stderr' | 'callerEnv'>,
  signal: AbortSignal,
): AuditOptions {
  const onProgress =
    io.stderr.isTTY === true
      ? (event: AuditProgress): void => {
          io.stderr.write(`· ${describeProgress(event)}\n`);
        }
      : undefined;
  return {
    signal,
    callerEnv: io.callerEnv,
    ...(settings.timeoutMs === undefined ? {} : { timeoutMs: settings.timeoutMs }),
    ...(settings.connectTimeoutMs === undefined ? {} : { connectTimeoutMs: settings.connectTimeoutMs }),
    ...(settings.requestTimeoutMs === undefined ? {} : { requestTimeoutMs: settings.requestTimeoutMs }),
    ...(settings.maxPages === undefined ? {} : { maxPages: settings.maxPages }),
    ...(settings.maxBytes === undefined ? {} : { maxBytes: settings.maxBytes }),
    ...(settings.listenMs === undefined ? {} : { listenMs: settings.listenMs }),
    ...(onProgress === undefined ? {} : { onProgress }),
    includeOAuth: target.transport !== 'stdio',
    protocol: settings.protocol,
    countTokens: settings.tokens,
    capabilities: settings.capabilities,
    roots: settings.roots,
    compareCapabilities: settings.compareCapabilities,
    ...(settings.serverJson === undefined ? {} : { serverJson: settings.serverJson }),
  };
}
