/**
 * Where an entry's values come from, shown before consent without showing a value: for each env
 * variable and header the references it takes (`${env:GH_TOKEN}`, `${input:key}`, `${userHome}`,
 * `${VAR:-default}`) and whether text is written in the file; and the `envFile` the client loads,
 * as written and resolved. The rule for where an envFile is read from lives here once.
 */
import { isBelow, resolvePath } from '../artifact-uri';
import { CLIENTS } from './clients';
import type { ConfigEntry, EnvFileListing, ValueSource } from './entry';
import { CONFIG_REDACTED, hasTokenShape, isPlaintextSecret } from './secrets';
import { variableRefs, type VariableRef } from './variables';

/** A `${VAR:-default}` whose default looks like a secret is shown as `${VAR:-…}`. */
const secretDefault = (name: string, fallback: string): boolean => isPlaintextSecret(name, fallback);

/** The references of one value of an entry, classified as its client expands them. */
export function refsOf(entry: Pick<ConfigEntry, 'client'>, text: string): VariableRef[] {
  return variableRefs(text, CLIENTS[entry.client].variables, secretDefault);
}

function sourceOf(entry: Pick<ConfigEntry, 'client'>, name: string, value: string): ValueSource {
  const syntax = CLIENTS[entry.client].variables;
  const refs = refsOf(entry, value);
  let rest = value;
  if (syntax !== 'none') {
    for (const ref of variableRefs(value, syntax)) rest = rest.replace(ref.written, '');
  }
  return { name, from: refs.map((ref) => ref.written), literal: rest !== '' };
}

/** Where each value of a record (env or headers) comes from, in the record's order. */
export function valueSources(entry: Pick<ConfigEntry, 'client'>, record: Record<string, string>): ValueSource[] {
  return Object.entries(record).map(([name, value]) => sourceOf(entry, name, value));
}

/**
 * The names and sources of an entry's env variables or headers: those written in its record, then
 * those the client takes from its own environment by name (`GH_TOKEN = env_vars`).
 */
export function entrySources(
  entry: Pick<ConfigEntry, 'client' | 'fromEnvironment'>,
  into: 'env' | 'header',
  record: Record<string, string>,
): { names: string[]; sources: ValueSource[] } {
  const named = (entry.fromEnvironment ?? []).filter(
    (value) => value.into === into && !Object.hasOwn(record, value.name),
  );
  return {
    names: [...Object.keys(record), ...named.map((value) => value.name)],
    sources: [
      ...valueSources(entry, record),
      ...named.map((value) => ({
        name: value.name,
        from: [`${value.field} ${value.variable}`],
        literal: value.prefix !== '',
      })),
    ],
  };
}

/** One value's source for a listing: `LOG_LEVEL = ${env:GH_TOKEN}`, `DEBUG = literal`. */
export function sourceText(source: ValueSource): string {
  const parts = [...(source.literal ? ['literal'] : []), ...source.from];
  return `${source.name} = ${parts.length === 0 ? 'empty' : parts.join(' + ')}`;
}

/**
 * The file an expanded envFile names: relative to the entry's cwd, else to its project (project
 * and local entries), else to the folder of the configuration file (as the launch reads it).
 */
export function envFilePath(
  entry: Pick<ConfigEntry, 'file' | 'scope' | 'project'>,
  expanded: { envFile: string; cwd: string | null },
): string {
  const base =
    expanded.cwd ??
    ((entry.scope === 'project' || entry.scope === 'local') && entry.project !== null
      ? entry.project
      : resolvePath(entry.file, '..'));
  return resolvePath(base, expanded.envFile);
}

/** The envFile of an entry for its listing; `realPath` follows symbolic links (the caller's I/O). */
export function envFileListing(
  entry: ConfigEntry,
  expanded: { envFile: string | null; cwd: string | null; unresolved: boolean },
  realPath: (file: string) => string | null = () => null,
): EnvFileListing | null {
  if (entry.envFile === null) return null;
  const written = hasTokenShape(entry.envFile) ? CONFIG_REDACTED : entry.envFile;
  if (expanded.envFile === null || expanded.unresolved) return { written, path: null, realPath: null };
  const path = envFilePath(entry, { envFile: expanded.envFile, cwd: expanded.cwd });
  const real = realPath(path);
  return { written, path, realPath: real === null || real === path ? null : real };
}

/**
 * An envFile outside the project the entry belongs to, where it is named or where its links lead
 * (compared with where the project's own links lead): the path outside, or null.
 */
export function envFileOutside(
  entry: Pick<ConfigEntry, 'project'>,
  envFile: EnvFileListing,
  realProject: string | null,
): string | null {
  if (entry.project === null || envFile.path === null) return null;
  if (!isBelow(envFile.path, entry.project)) return envFile.path;
  if (envFile.realPath !== null && !isBelow(envFile.realPath, realProject ?? entry.project)) return envFile.realPath;
  return null;
}
