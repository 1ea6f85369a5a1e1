/**
 * Preparing a stdio server for an audit: its environment (the allowlist plus the named variables,
 * with a warning for each named one that is not set) and its transport. Light on purpose (no SDK, no
 * zod): the CLI calls it, and starts the server, before it loads the rest of the audit.
 */
import type { Problem } from '../../core/problems';
import { AUDIT_DEFAULTS } from '../audit-defaults';
import { childEnvironment } from '../child-env';
import { redactorFor, type Redactor } from '../redact';
import type { AuditTargetSpec } from '../target-spec';
import { ProcessGroupStdioTransport } from './stdio-transport';

export interface StdioLaunch {
  transport: ProcessGroupStdioTransport;
  /** Names passed beyond the allowlist (for the report; never values). */
  envNames: string[];
  warnings: Problem[];
  /** The secrets of this audit, for every other place server text enters. */
  redactor: Redactor;
  /** Set when the server runs in the exercise's sandbox (audit --sandbox): which one. */
  sandbox?: string;
}

export function prepareStdio(
  spec: Extract<AuditTargetSpec, { transport: 'stdio' }>,
  callerEnv: Readonly<Record<string, string | undefined>>,
  maxBytes: number = AUDIT_DEFAULTS.maxBytes,
): StdioLaunch {
  // The audit's secrets: the transport redacts stderr and stdout noise where they enter.
  const redactor = redactorFor(spec, callerEnv);
  const child = childEnvironment(spec.env, callerEnv);
  const warnings: Problem[] = child.missing.map((name) => ({
    code: 'env-missing',
    message: `${name} was named with --env but is not set in your environment; it was not passed.`,
    hint: `Set it first (export ${name}=...) or give a value with --env ${name}=value.`,
  }));
  const transport = new ProcessGroupStdioTransport({
    command: spec.command,
    args: spec.args,
    cwd: spec.cwd,
    env: child.env,
    maxMessageBytes: maxBytes,
    redactor,
  });
  return { transport, envNames: child.names, warnings, redactor };
}
