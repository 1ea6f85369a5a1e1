/**
 * A configuration entry made launchable: variables expanded as its client would (with the values
 * the user supplied for this batch), then the audit target with exactly the environment the entry
 * gives (child-env.ts adds the usual allowlist, nothing else) and the values to redact from the
 * report. An entry that still needs a value is refused here, before anything starts.
 */
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { parseEnvFile } from '../../core/config/env-file';
import { CLIENTS } from '../../core/config/clients';
import type { ConfigEntry } from '../../core/config/entry';
import { resolveEntry } from '../../core/config/resolve';
import { envFilePath } from '../../core/config/sources';
import type { Problem } from '../../core/problems';
import type { AuditTargetSpec } from '../target-spec';

export interface TargetContext {
  /** Where ${VAR} values come from: the caller's environment. */
  env: Readonly<Record<string, string | undefined>>;
  home: string;
  /** Values supplied for this batch, keyed `env:NAME` / `input:ID`. */
  values: Readonly<Record<string, string>>;
  platform: NodeJS.Platform;
}

export type EntryTarget =
  { kind: 'target'; spec: AuditTargetSpec; secrets: string[] } | { kind: 'refused'; problem: Problem };

const MIN_SECRET = 4;
const MAX_ENV_FILE_BYTES = 1024 * 1024;

/** The values of an entry's envFile (Cursor, VS Code), or the problem that keeps it from starting. */
function readEnvFile(
  file: string,
  entry: ConfigEntry,
): { kind: 'values'; values: Record<string, string> } | { kind: 'refused'; problem: Problem } {
  const problem = (why: string) => ({
    kind: 'refused' as const,
    problem: {
      code: 'env-missing' as const,
      message: `Not started: the envFile of ${entry.name} (${file}) ${why}.`,
      hint: 'Fix the path in the configuration, or create the file.',
      step: 'configuration',
    },
  });
  try {
    if (statSync(file).size > MAX_ENV_FILE_BYTES) return problem('is larger than 1 MiB');
    return { kind: 'values', values: parseEnvFile(readFileSync(file, 'utf8')).values };
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return problem(code === 'ENOENT' ? 'does not exist' : `could not be read (${code ?? 'error'})`);
  }
}

export function targetForEntry(entry: ConfigEntry, context: TargetContext): EntryTarget {
  const resolved = resolveEntry(entry, {
    env: context.env,
    home: context.home,
    projectDir: entry.project,
    pathSeparator: context.platform === 'win32' ? '\\' : '/',
    values: context.values,
  });
  const first = resolved.needs[0];
  if (first !== undefined) {
    const names = resolved.needs.map((need) => need.name).join(', ');
    return {
      kind: 'refused',
      problem: {
        code: 'env-missing',
        message: `Not started: ${entry.name} needs a value for ${names}.`,
        hint:
          first.kind === 'unsupported'
            ? `${CLIENTS[entry.client].label} resolves ${first.key} itself; this scan cannot.`
            : 'Supply the value for this scan (dashboard: the field under the server; CLI: set the variable first).',
        step: 'configuration',
      },
    };
  }
  const cwd = resolved.cwd ?? (entry.scope === 'project' || entry.scope === 'local' ? entry.project : null);
  let fromFile: Record<string, string> = {};
  if (resolved.envFile !== null && entry.transport === 'stdio') {
    // The file's values first; the entry's own env wins where both name a variable.
    const read = readEnvFile(path.resolve(envFilePath(entry, { envFile: resolved.envFile, cwd: resolved.cwd })), entry);
    if (read.kind === 'refused') return read;
    fromFile = read.values;
  }
  const env = { ...fromFile, ...resolved.env };
  const secrets = [...resolved.substituted, ...Object.values(env), ...Object.values(resolved.headers)].filter(
    (value) => value.length >= MIN_SECRET,
  );
  if (entry.transport === 'stdio') {
    return {
      kind: 'target',
      spec: {
        transport: 'stdio',
        command: resolved.command ?? '',
        args: resolved.args,
        cwd: cwd === null ? undefined : path.resolve(cwd),
        env: Object.entries(env).map(([name, value]) => ({ name, value })),
      },
      secrets,
    };
  }
  return {
    kind: 'target',
    spec: { transport: entry.transport, url: resolved.url ?? '', headers: resolved.headers },
    secrets,
  };
}
