/**
 * How one registry entry is audited, as the server.json says it runs: a package through the runtime its
 * registryType names (npm: `npx -y name@version`; PyPI: `uvx name==version`; OCI: `docker|podman run -i
 * --rm image:version`), else a remote by its URL; else "not auditable here: needs X", said per entry.
 * A package is preferred to a remote (it is audited without any sign-in); the first runnable one wins.
 * Which runtimes exist is a fact the caller gathers (lib/server/registry/runtimes.ts).
 */
import { isRecord } from '../is-record';
import type { RegistryEntry } from './entry';

export const RUNTIMES = ['npx', 'uvx', 'docker', 'podman', 'dnx'] as const;
export type Runtime = (typeof RUNTIMES)[number];

export type EntryPlan =
  | { kind: 'stdio'; registryType: string; command: string; args: string[] }
  | { kind: 'remote'; transport: 'streamable-http' | 'sse'; url: string }
  | { kind: 'not-auditable'; needs: string };

/** A run's replacement for a registryType's runtime (--package-runner TYPE=PROGRAM ARGS…): the package spec is appended. */
export type PackageRunners = Readonly<Partial<Record<string, readonly string[]>>>;

interface PackageRecord {
  registryType: string;
  identifier: string;
  version: string | null;
  transport: string;
}

function packagesOf(server: Record<string, unknown>): PackageRecord[] {
  const list = Array.isArray(server.packages) ? server.packages : [];
  return list.flatMap((item) => {
    if (!isRecord(item) || typeof item.registryType !== 'string' || typeof item.identifier !== 'string') return [];
    const transport =
      isRecord(item.transport) && typeof item.transport.type === 'string' ? item.transport.type : 'stdio';
    const version = typeof item.version === 'string' && item.version !== '' ? item.version : null;
    return [{ registryType: item.registryType, identifier: item.identifier, version, transport }];
  });
}

/** The package spec a runtime is given: name@version (npm), name==version (PyPI), image:version (OCI). */
export function packageSpec(record: Pick<PackageRecord, 'registryType' | 'identifier' | 'version'>): string {
  const { identifier, version } = record;
  if (version === null) return identifier;
  if (record.registryType === 'pypi') return `${identifier}==${version}`;
  if (record.registryType === 'oci')
    return /:[^/]+$|@sha256:/.test(identifier) ? identifier : `${identifier}:${version}`;
  return `${identifier}@${version}`;
}

function runtimeCommand(record: PackageRecord, runtimes: ReadonlySet<Runtime>): EntryPlan {
  const spec = packageSpec(record);
  switch (record.registryType) {
    case 'npm':
      return runtimes.has('npx')
        ? { kind: 'stdio', registryType: 'npm', command: 'npx', args: ['-y', spec] }
        : { kind: 'not-auditable', needs: 'npx (Node.js)' };
    case 'pypi':
      return runtimes.has('uvx')
        ? { kind: 'stdio', registryType: 'pypi', command: 'uvx', args: [spec] }
        : { kind: 'not-auditable', needs: 'uvx (uv)' };
    case 'oci': {
      const engine = runtimes.has('docker') ? 'docker' : runtimes.has('podman') ? 'podman' : null;
      return engine === null
        ? { kind: 'not-auditable', needs: 'a container runtime (docker or podman)' }
        : { kind: 'stdio', registryType: 'oci', command: engine, args: ['run', '-i', '--rm', spec] };
    }
    case 'nuget':
      return runtimes.has('dnx')
        ? { kind: 'stdio', registryType: 'nuget', command: 'dnx', args: [spec, '--yes'] }
        : { kind: 'not-auditable', needs: 'dnx (.NET 10 SDK)' };
    case 'mcpb':
      return { kind: 'not-auditable', needs: 'an MCPB bundle host (bundles are not unpacked here)' };
    default:
      return { kind: 'not-auditable', needs: `a runner for registryType "${record.registryType.slice(0, 40)}"` };
  }
}

function remoteOf(server: Record<string, unknown>): EntryPlan | null {
  const list = Array.isArray(server.remotes) ? server.remotes : [];
  for (const remote of list) {
    if (!isRecord(remote) || typeof remote.url !== 'string') continue;
    // A URL template with {variables} needs values the registry does not give: not auditable as is.
    if (remote.url.includes('{') || !URL.canParse(remote.url)) continue;
    if (remote.type === 'streamable-http' || remote.type === 'sse')
      return { kind: 'remote', transport: remote.type, url: remote.url };
  }
  return null;
}

/** How an entry is audited here, given the runtimes present and the run's package runners. */
export function planEntry(
  entry: RegistryEntry,
  runtimes: ReadonlySet<Runtime>,
  runners: PackageRunners = {},
): EntryPlan {
  if (entry.kind === 'broken') return { kind: 'not-auditable', needs: `a valid server.json (${entry.why})` };
  let first: EntryPlan | null = null;
  for (const record of packagesOf(entry.server)) {
    if (record.transport !== 'stdio') continue;
    const runner = runners[record.registryType];
    const plan: EntryPlan =
      runner !== undefined && runner.length > 0
        ? {
            kind: 'stdio',
            registryType: record.registryType,
            command: runner[0] ?? '',
            args: [...runner.slice(1), packageSpec(record)],
          }
        : runtimeCommand(record, runtimes);
    if (plan.kind === 'stdio') return plan;
    first ??= plan;
  }
  const remote = remoteOf(entry.server);
  if (remote !== null) return remote;
  return first ?? { kind: 'not-auditable', needs: 'a stdio package or a remote URL without variables' };
}
