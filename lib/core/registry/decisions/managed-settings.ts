/**
 * The allow/deny lists of a merged run in the managed-settings.json shape Claude Code and the GitHub
 * Copilot clients both read (code.claude.com/docs/en/managed-mcp, "Policy-based control with
 * allowlists and denylists"; docs.github.com copilot/reference/enterprise-administrators/
 * enterprise-managed-settings): `allowedMcpServers` and `deniedMcpServers`, each entry exactly one of
 * `serverName`, `serverCommand` (the exact command line, as an array) or `serverUrl` (a URL, `*` as wildcard).
 * A package is named by the exact command the audit ran (npx -y name@version, pinned: another version
 * does not match), a remote by its URL. Allowed: verdict pass. Denied: verdict fail. A server the run could
 * not audit, or one to review, is in neither list: an allowlist blocks it, a denylist lets it be.
 */
import type { RunRow, Verdict } from '../row';
import type { RegistryReport } from '../merge';

export type ManagedEntry = { serverCommand: string[] } | { serverUrl: string };

export interface ManagedSettings {
  allowedMcpServers: ManagedEntry[];
  deniedMcpServers: ManagedEntry[];
}

/** How a client recognises the server the row audited; null when the run did not reach it. */
export function managedEntry(row: RunRow): ManagedEntry | null {
  if (row.target.kind === 'stdio') return { serverCommand: row.target.command };
  if (row.target.kind === 'remote') return { serverUrl: row.target.url };
  return null;
}

const entriesOf = (report: RegistryReport, verdict: Verdict): ManagedEntry[] =>
  report.servers.filter((row) => row.verdict === verdict).flatMap((row) => managedEntry(row) ?? []);

export function managedSettings(report: RegistryReport): ManagedSettings {
  return { allowedMcpServers: entriesOf(report, 'pass'), deniedMcpServers: entriesOf(report, 'fail') };
}
