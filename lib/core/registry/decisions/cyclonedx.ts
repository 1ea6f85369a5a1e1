/**
 * A CycloneDX 1.6 inventory of a merged run (JSON, cyclonedx.org/docs/1.6/json): one component per
 * audited server version (type "application"; a package URL for npm and PyPI packages), its tools as
 * services (CycloneDX's model for endpoints a component offers), the verdict and digest as properties.
 * Written by hand: no CycloneDX library is installed; test/registry-decisions.test.ts validates it
 * against the 1.6 schema.
 */
import type { RegistryReport } from '../merge';
import type { RunRow } from '../row';

function purlOf(row: RunRow): string | undefined {
  if (row.target.kind !== 'stdio') return undefined;
  const spec = row.target.command.at(-1) ?? '';
  if (row.target.registryType === 'npm') {
    const at = spec.lastIndexOf('@');
    if (at <= 0) return undefined;
    const name = spec.slice(0, at);
    const encoded = name.startsWith('@') ? `%40${name.slice(1)}` : name;
    return `pkg:npm/${encoded}@${encodeURIComponent(spec.slice(at + 1))}`;
  }
  if (row.target.registryType === 'pypi') {
    const [name, version] = spec.split('==');
    return name && version ? `pkg:pypi/${name.toLowerCase()}@${encodeURIComponent(version)}` : undefined;
  }
  return undefined;
}

const property = (name: string, value: string) => ({ name: `mcp-hintcheck:${name}`, value });

export function cycloneDx(report: RegistryReport, serialNumber: string): Record<string, unknown> {
  const components = report.servers.map((row) => {
    const purl = purlOf(row);
    return {
      type: 'application',
      'bom-ref': row.key,
      name: row.name,
      version: row.version,
      ...(purl === undefined ? {} : { purl }),
      properties: [
        property('verdict', row.verdict),
        property('status', row.status),
        ...(row.digest === null ? [] : [property('surface-digest', row.digest)]),
        ...(row.target.kind === 'remote' ? [property('url', row.target.url)] : []),
      ],
    };
  });
  const services = report.servers.flatMap((row) =>
    row.tools.map((tool) => ({
      'bom-ref': `${row.key}#${tool.name}`,
      name: tool.name,
      version: row.version,
      group: row.name,
      properties: Object.entries(tool.hints).map(([hint, value]) => property(hint, String(value))),
    })),
  );
  return {
    bomFormat: 'CycloneDX',
    specVersion: '1.6',
    serialNumber,
    version: 1,
    metadata: {
      timestamp: report.generatedAt,
      tools: { components: [{ type: 'application', name: report.generator.name, version: report.generator.version }] },
    },
    components,
    services,
    dependencies: report.servers.map((row) => ({
      ref: row.key,
      provides: row.tools.map((tool) => `${row.key}#${tool.name}`),
    })),
  };
}
