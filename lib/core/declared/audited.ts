/** What the audit saw, as the comparison with a declaration reads it (lib/core/server-json/input.ts). */
import type { Audited, InstalledPackage } from '../server-json/input';

/** The parts of a Report read here (a structural type: report/ imports this folder, not the reverse). */
export interface AuditedReport {
  target:
    | { transport: 'stdio'; envNames: readonly string[] }
    | { transport: 'auto' | 'streamable-http' | 'sse'; url: string; headerNames: readonly string[] };
  server: { transport: 'stdio' | 'streamable-http' | 'sse'; version: string | null } | null;
  tools: readonly { name: string }[];
  complete: boolean;
}

export function auditedOf(report: AuditedReport, installed: InstalledPackage | null): Audited {
  const { target } = report;
  const hosted = target.transport !== 'stdio';
  return {
    transport: hosted
      ? report.server !== null && report.server.transport !== 'stdio'
        ? report.server.transport
        : target.transport === 'sse'
          ? 'sse'
          : 'streamable-http'
      : 'stdio',
    url: hosted ? target.url : null,
    passed: hosted ? target.headerNames : target.envNames,
    connected: report.server !== null,
    listedTools: report.complete ? report.tools.map((tool) => tool.name) : null,
    serverVersion: report.server?.version ?? null,
    package: installed,
  };
}
