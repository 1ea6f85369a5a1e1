/**
 * VS Code's and GitHub Copilot's registry-based policy (docs.github.com copilot/how-tos/
 * administer-copilot/manage-mcp-usage/configure-mcp-registry: an organisation's MCP registry URL, with
 * "Registry only" access; VS Code reads it as its MCP gallery): the allowed servers as the registry API's
 * list answer (GET /v0.1/servers, one page, no next cursor), ready to be served as a static file at
 * <base>/v0.1/servers. Registry enforcement matches by server name only (the docs say so), so each entry
 * is the smallest valid server.json: name, version, a description naming the audit.
 */
import type { RegistryReport } from '../merge';

export interface AllowedRegistryPage {
  servers: { server: Record<string, unknown>; _meta: Record<string, unknown> }[];
  metadata: { count: number };
}

export function allowedRegistryPage(report: RegistryReport): AllowedRegistryPage {
  const servers = report.servers
    .filter((row) => row.verdict === 'pass')
    .map((row) => ({
      server: { name: row.name, version: row.version, description: 'Audited by mcp-hintcheck: pass.' },
      _meta: { 'io.github.mcp-hintcheck/audit': { verdict: row.verdict, digest: row.digest } },
    }));
  return { servers, metadata: { count: servers.length } };
}
