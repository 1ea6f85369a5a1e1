/** What a caller may set for one audit (the CLI's options and the API's fields map onto these). */
import type { AuditProgress } from '../../core/api/audit-request';
import type { Report } from '../../core/report/report';
import type { ProtocolChoice } from '../../core/protocol';
import type { CapabilityChoice } from '../../core/capabilities/declared';
import type { StdioLaunch } from '../mcp/stdio-launch';
import type { GivenServerJson } from '../declared/declared-check';

export interface AuditOptions {
  /** Bounds the whole audit. */
  timeoutMs?: number;
  connectTimeoutMs?: number;
  /** How the user raises connectTimeoutMs, named when it passes (default --connect-timeout; the API: connectTimeoutMs). */
  connectTimeoutOption?: string;
  requestTimeoutMs?: number;
  maxPages?: number;
  /** Largest single message in bytes; the whole listing may be four times that. */
  maxBytes?: number;
  signal?: AbortSignal;
  onProgress?: (event: AuditProgress) => void;
  /**
   * Called with the Report as soon as it is built, while the server is still exiting (runAudit
   * resolves once it has): the CLI saves it to history in that time.
   */
  onReport?: (report: Report) => void;
  /** Where `--env NAME` values come from (default: process.env). */
  callerEnv?: Readonly<Record<string, string | undefined>>;
  fetch?: typeof fetch;
  /**
   * For a URL target, the unauthenticated OAuth metadata check runs beside the listing and its
   * section is part of the Report (default true: the CLI and the dashboard get the same Report).
   */
  includeOAuth?: boolean;
  /**
   * Look for what the server says about itself elsewhere (the card a hosted server serves, the
   * installed package's mcpName) and compare it with the audit (lib/server/declared/). Default: as
   * includeOAuth (both are requests beside the listing).
   */
  includeDeclared?: boolean;
  /** A server.json to compare with the audit (audit --server-json FILE). */
  serverJson?: GivenServerJson;
  /** Secrets used beside the target (a sign-in's client secret): redacted from everything the server sends. */
  secrets?: readonly string[];
  /** A stdio target already prepared (and perhaps started) by the caller: the CLI starts the server first. */
  launched?: StdioLaunch;
  /** Which protocol era to speak (default auto: the current one if offered, else 2025). */
  protocol?: ProtocolChoice;
  /**
   * Also estimate tokens (o200k_base). Building the encoder takes about a second and 100+ MiB the
   * first time in a process, so it is opt-in: the dashboard (one long-lived process) always asks,
   * the CLI when --tokens is given. Bytes are always counted.
   */
  countTokens?: boolean;
  /** The client capabilities to declare (default host: what common hosts declare; host-session.ts). */
  capabilities?: CapabilityChoice;
  /** Absolute folders offered on roots/list (--root); default an empty temporary folder. */
  roots?: readonly string[];
  /** One extra listing declaring no capability, to name the capability-gated tools. */
  compareCapabilities?: boolean;
  /** How long to keep listening for list_changed and server requests after the lists (0: not at all). */
  listenMs?: number;
}
