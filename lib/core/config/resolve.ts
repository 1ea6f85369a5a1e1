/**
 * From entries as written to what is shown and what is launched. `resolveEntry` expands every field
 * the client expands (command, args, env, url, headers, cwd) and says which values are still
 * needed; `listEntries` builds the public listing and every configuration finding at once.
 */
import { CLIENTS } from './clients';
import { entryFingerprint, type ConfigEntry, type ServerListing } from './entry';
import { duplicateFindings, entryFindings, sourceFindings, type ConfigFinding } from './findings';
import type { ParsedConfig } from './parse';
import { displayUrl, redactArgs } from './secrets';
import { setOwn } from '../own';
import { entrySources, envFileListing } from './sources';
import { expandString, expandVariable, uniqueNeeds, type ExpandContext, type Need } from './variables';

export interface ResolvedEntry extends Pick<
  ConfigEntry,
  'command' | 'args' | 'cwd' | 'env' | 'url' | 'headers' | 'envFile'
> {
  needs: Need[];
  /** Values that came from the environment or the user: redacted from anything shown. */
  substituted: string[];
}

export function resolveEntry(entry: ConfigEntry, context: Omit<ExpandContext, 'inputs'>): ResolvedEntry {
  const syntax = CLIENTS[entry.client].variables;
  const full: ExpandContext = { ...context, inputs: entry.inputs };
  const needs: Need[] = [];
  const substituted: string[] = [];
  const expand = (text: string): string => {
    const result = expandString(text, syntax, full);
    needs.push(...result.needs);
    substituted.push(...result.substituted);
    return result.value;
  };
  // What the record writes, then the values the client reads by name from its environment.
  const expandRecord = (record: Record<string, string>, into: 'env' | 'header'): Record<string, string> => {
    const out = Object.fromEntries(Object.entries(record).map(([name, value]) => [name, expand(value)]));
    for (const named of entry.fromEnvironment ?? []) {
      if (named.into !== into || Object.hasOwn(out, named.name)) continue;
      const result = expandVariable(named.variable, full);
      needs.push(...result.needs);
      substituted.push(...result.substituted);
      setOwn(out, named.name, `${named.prefix}${result.value}`);
    }
    return out;
  };
  return {
    command: entry.command === null ? null : expand(entry.command),
    args: entry.args.map(expand),
    cwd: entry.cwd === null ? null : expand(entry.cwd),
    env: expandRecord(entry.env, 'env'),
    url: entry.url === null ? null : expand(entry.url),
    headers: expandRecord(entry.headers, 'header'),
    envFile: entry.envFile === null ? null : expand(entry.envFile),
    needs: uniqueNeeds(needs),
    substituted: [...new Set(substituted)],
  };
}

export interface Listing {
  servers: ServerListing[];
  findings: ConfigFinding[];
}

/**
 * The listing of every entry of every parsed file, with all configuration findings. `realPath`
 * (the caller's I/O) says where a path really leads through symbolic links, or null.
 */
export function listEntries(
  parsed: readonly ParsedConfig[],
  context: Omit<ExpandContext, 'inputs' | 'values'> & { realPath?: (file: string) => string | null },
): Listing {
  const entries = parsed.flatMap((config) => config.entries);
  const findings: ConfigFinding[] = parsed.flatMap((config) => config.findings);
  const groups = new Map<string, string>();
  const servers = entries.map((entry): ServerListing => {
    const key = JSON.stringify([entry.name, entryFingerprint(entry)]);
    const group = groups.get(key) ?? `g${groups.size + 1}`;
    groups.set(key, group);
    const resolved = resolveEntry(entry, { ...context, values: {} });
    findings.push(...entryFindings(entry, resolved.needs));
    const unresolved =
      entry.envFile !== null &&
      expandString(entry.envFile, CLIENTS[entry.client].variables, { ...context, values: {}, inputs: entry.inputs })
        .needs.length > 0;
    const envFile = envFileListing(
      entry,
      { envFile: resolved.envFile, cwd: resolved.cwd, unresolved },
      context.realPath,
    );
    const realProject = entry.project === null ? null : (context.realPath?.(entry.project) ?? null);
    findings.push(...sourceFindings(entry, envFile, realProject));
    const env = entrySources(entry, 'env', entry.env);
    const headers = entrySources(entry, 'header', entry.headers);
    return {
      id: entry.id,
      client: entry.client,
      file: entry.file,
      line: entry.line,
      scope: entry.scope,
      project: entry.project,
      name: entry.name,
      transport: entry.transport,
      command: entry.command,
      args: redactArgs(entry.args).shown,
      cwd: entry.cwd,
      envNames: env.names,
      envSources: env.sources,
      envFile,
      url: entry.url === null ? null : displayUrl(entry.url),
      headerNames: headers.names,
      headerSources: headers.sources,
      disabled: entry.disabled,
      needs: resolved.needs,
      group,
      launchable: !resolved.needs.some((need) => need.kind === 'unsupported'),
    };
  });
  findings.push(...duplicateFindings(entries));
  return {
    servers,
    findings: findings.sort((a, b) => (a.file === b.file ? a.line - b.line : a.file < b.file ? -1 : 1)),
  };
}
