/**
 * Arguments of `mcp-hintcheck registry <base-url|file>` (a run) and `registry merge RUN-FILE…` (one
 * report from the shards' run files; --previous for what changed; --decisions DIR for the allow/deny
 * lists, the OPA data document and the CycloneDX inventory).
 */
import { availableParallelism } from 'node:os';
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { MAX_CONCURRENCY } from '../core/api/batch-request';
import { parseShard, type Shard } from '../core/registry/shard';
import type { PackageRunners } from '../core/registry/targets';
import { AuditError } from '../server/errors';

export interface RegistryRunCommand {
  kind: 'run';
  source: string;
  runFile: string;
  concurrency: number;
  timeoutMs: number;
  shard: Shard | null;
  cursor: string | undefined;
  updatedSince: string | undefined;
  allVersions: boolean;
  runners: PackageRunners;
  cacheDir: string | null;
}

export interface RegistryMergeCommand {
  kind: 'merge';
  runFiles: string[];
  previous: string | null;
  output: string | null;
  sarif: string | null;
  decisions: string | null;
}

export const DEFAULT_REGISTRY_TIMEOUT_MS = 60_000;

export const REGISTRY_USAGE = `mcp-hintcheck registry: audit every server of an MCP registry, resumably, on one machine or many

Usage:
  mcp-hintcheck registry <base-url|file> [--run-file FILE] [--concurrency N] [--timeout MS]
                         [--shard K/N] [--cursor C] [--updated-since RFC3339] [--all-versions]
                         [--package-runner TYPE=PROGRAM [ARGS]] [--cache-dir DIR]
  mcp-hintcheck registry merge RUN-FILE... [-o REPORT.json] [--previous REPORT.json]
                         [--sarif FILE] [--decisions DIR]

  <base-url>          a registry speaking GET /v0.1/servers (the official one, or a sub-registry);
  <file>              one server.json (or {server, _meta}) per line, or the API's page JSON
  --run-file FILE     where each server's row is appended as it ends (default registry-run.ndjson);
                      a re-run with the same file skips every server already in it
  --concurrency N     servers audited at once (default: the number of cores, at most ${MAX_CONCURRENCY})
  --timeout MS        each server's audit (default ${DEFAULT_REGISTRY_TIMEOUT_MS}); a server that hangs is one failed row
  --shard K/N         audit only the K-th of N stable shares (by the server name's hash)
  --cursor C          start at this cursor; --updated-since T: only servers updated after T
  --all-versions      every version, not only the latest (default: version=latest)
  --package-runner TYPE=PROGRAM [ARGS]
                      run TYPE's packages (npm, pypi, oci) with PROGRAM ARGS <spec> instead of npx -y /
                      uvx / docker run (a private mirror's runner, or a test seam); split on spaces
  --cache-dir DIR     where npm and uv keep downloads (default: registry-cache beside the run file)

npm packages run as npx -y name@version with npm_config_ignore_scripts=true (install scripts never
run), PyPI as uvx name==version, OCI as docker|podman run -i --rm; others, or a runtime missing
here, are one row "not auditable here: needs X". Remotes are audited by URL with the OAuth metadata
check, never signed in. On a terminal, a progress line on stderr; otherwise NDJSON events on stdout.

Exit codes: 0 done; 2 bad arguments or an unreadable source; 3 some server failed; 130 interrupted.
`;

function usageError(message: string): AuditError {
  return new AuditError('bad-input', message, { hint: 'Run mcp-hintcheck registry --help for usage.' });
}

function parse(argv: readonly string[], options: NonNullable<ParseArgsConfig['options']>) {
  try {
    return parseArgs({ args: [...argv], allowPositionals: true, strict: true, options });
  } catch (error) {
    throw usageError(error instanceof Error ? (error.message.split('\n')[0] ?? 'Bad arguments.') : 'Bad arguments.');
  }
}

function whole(name: string, text: unknown, max: number): number | undefined {
  if (text === undefined) return undefined;
  if (typeof text !== 'string' || !/^\d+$/.test(text) || Number(text) < 1 || Number(text) > max)
    throw usageError(
      `--${name} must be a whole number from 1 to ${max}, not "${typeof text === 'string' ? text.slice(0, 20) : '?'}".`,
    );
  return Number(text);
}

function runnersOf(values: unknown): PackageRunners {
  const runners: Record<string, string[]> = {};
  for (const text of Array.isArray(values) ? (values as string[]) : []) {
    const eq = text.indexOf('=');
    const type = text.slice(0, eq).trim();
    const program = text
      .slice(eq + 1)
      .trim()
      .split(/\s+/)
      .filter(Boolean);
    if (eq < 1 || !/^[a-z0-9-]+$/.test(type) || program.length === 0)
      throw usageError(`--package-runner must be TYPE=PROGRAM [ARGS], not "${text.slice(0, 60)}".`);
    runners[type] = program;
  }
  return runners;
}

export function parseRegistryArgs(
  argv: readonly string[],
): RegistryRunCommand | RegistryMergeCommand | { kind: 'help' } {
  if (argv[0] === 'merge') {
    const { values, positionals } = parse(argv.slice(1), {
      help: { type: 'boolean', short: 'h' },
      output: { type: 'string', short: 'o' },
      previous: { type: 'string' },
      sarif: { type: 'string' },
      decisions: { type: 'string' },
    });
    if (values.help === true) return { kind: 'help' };
    if (positionals.length === 0) throw usageError('registry merge needs at least one run file.');
    const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);
    return {
      kind: 'merge',
      runFiles: positionals,
      previous: text(values.previous),
      output: text(values.output),
      sarif: text(values.sarif),
      decisions: text(values.decisions),
    };
  }
  const { values, positionals } = parse(argv, {
    help: { type: 'boolean', short: 'h' },
    'run-file': { type: 'string' },
    concurrency: { type: 'string' },
    timeout: { type: 'string' },
    shard: { type: 'string' },
    cursor: { type: 'string' },
    'updated-since': { type: 'string' },
    'all-versions': { type: 'boolean' },
    'package-runner': { type: 'string', multiple: true },
    'cache-dir': { type: 'string' },
  });
  if (values.help === true) return { kind: 'help' };
  if (positionals.length !== 1) throw usageError('registry needs one source: a registry base URL or a file.');
  let shard: Shard | null = null;
  if (typeof values.shard === 'string') {
    const parsed = parseShard(values.shard);
    if (typeof parsed === 'string') throw usageError(`${parsed}.`);
    shard = parsed;
  }
  const since = values['updated-since'];
  if (typeof since === 'string' && Number.isNaN(Date.parse(since)))
    throw usageError(`--updated-since must be an RFC 3339 time, not "${since.slice(0, 40)}".`);
  const cores = Math.max(1, Math.min(MAX_CONCURRENCY, availableParallelism()));
  return {
    kind: 'run',
    source: positionals[0] ?? '',
    runFile: typeof values['run-file'] === 'string' ? values['run-file'] : 'registry-run.ndjson',
    concurrency: whole('concurrency', values.concurrency, MAX_CONCURRENCY) ?? cores,
    timeoutMs: whole('timeout', values.timeout, 3_600_000) ?? DEFAULT_REGISTRY_TIMEOUT_MS,
    shard,
    cursor: typeof values.cursor === 'string' ? values.cursor : undefined,
    updatedSince: typeof since === 'string' ? since : undefined,
    allVersions: values['all-versions'] === true,
    runners: runnersOf(values['package-runner']),
    cacheDir: typeof values['cache-dir'] === 'string' ? values['cache-dir'] : null,
  };
}
