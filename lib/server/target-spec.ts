/**
 * What to audit, as the CLI and the API hand it to runAudit: a command to spawn (stdio) or a URL
 * with its headers. Secrets in it (header values, URL credentials and query values, environment
 * values) are used to connect and never shown (redact.ts).
 */
import type { HostedTransport } from '../core/transports';
import type { EnvSpec } from './child-env';

export type AuditTargetSpec =
  | { transport: 'stdio'; command: string; args: string[]; cwd?: string | undefined; env: EnvSpec[] }
  | { transport: HostedTransport; url: string; headers: Record<string, string> };
