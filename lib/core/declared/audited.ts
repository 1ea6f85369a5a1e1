/** What the audit saw, as the comparison with a declaration reads it (lib/core/server-json/input.ts). */
import type { Report } from '../report';
import type { Audited, InstalledPackage } from '../server-json/input';

export function auditedOf(
  report: Pick<Report, 'target' | 'server' | 'tools' | 'complete'>,
  installed: InstalledPackage | null,
): Audited {
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
