/**
 * A configuration entry made launchable: variables expanded as its client would (with the values
 * the user supplied for this batch), then the audit target with exactly the environment the entry
 * gives (child-env.ts adds the usual allowlist, nothing else) and the values to redact from the
 * report. An entry that still needs a value is refused here, before anything starts.
 */
import path from 'node:path';
import { CLIENTS } from '../core/config/clients';
import type { ConfigEntry } from '../core/config/entry';
import { resolveEntry } from '../core/config/resolve';
import type { Problem } from '../core/problems';
import type { AuditTargetSpec } from './connect';

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
  const secrets = [...resolved.substituted, ...Object.values(resolved.env), ...Object.values(resolved.headers)].filter(
    (value) => value.length >= MIN_SECRET,
  );
  if (entry.transport === 'stdio') {
    const cwd = resolved.cwd ?? (entry.scope === 'project' || entry.scope === 'local' ? entry.project : null);
    return {
      kind: 'target',
      spec: {
        transport: 'stdio',
        command: resolved.command ?? '',
        args: resolved.args,
        cwd: cwd === null ? undefined : path.resolve(cwd),
        env: Object.entries(resolved.env).map(([name, value]) => ({ name, value })),
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
