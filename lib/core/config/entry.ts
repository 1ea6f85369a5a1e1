/**
 * One server entry of a client configuration, as written (ConfigEntry, which holds env and header
 * values and never leaves the server layer), and what may be shown of it (ServerListing: names of
 * variables and headers, never values; URLs without query values; secret-looking arguments redacted).
 */
import { z } from 'zod';
import { CLIENT_IDS, type ClientId } from './client-ids';
import { needSchema, type InputDefinition } from './variables';

export const ENTRY_TRANSPORTS = ['stdio', 'streamable-http', 'sse', 'auto'] as const;
export type EntryTransport = (typeof ENTRY_TRANSPORTS)[number];
export const SCOPES = ['user', 'project', 'local', 'managed', 'file'] as const;
export type Scope = (typeof SCOPES)[number];

export interface ConfigEntry {
  /** Stable within one discovery: client, file, line and name. */
  id: string;
  client: ClientId;
  file: string;
  /** 1-based line of the entry's name in the file. */
  line: number;
  scope: Scope;
  /** The project the entry belongs to (a project file, or a Claude Code per-project entry). */
  project: string | null;
  name: string;
  transport: EntryTransport;
  command: string | null;
  args: string[];
  cwd: string | null;
  /** As written, before expansion. Values may be secrets. */
  env: Record<string, string>;
  url: string | null;
  headers: Record<string, string>;
  envFile: string | null;
  disabled: boolean;
  /** Values the client reads by name from its own environment (Codex's env_vars, bearer_token_env_var). */
  fromEnvironment?: readonly EnvironmentValue[];
  /** VS Code `inputs` of the file, for `${input:...}`. */
  inputs: InputDefinition[];
}

/**
 * An env variable or header whose value the client takes from its own environment, named by a field
 * rather than written in a value (Codex: `env_vars = ["GH_TOKEN"]`, `bearer_token_env_var`,
 * `env_http_headers`): the value is `prefix` + that variable.
 */
export interface EnvironmentValue {
  into: 'env' | 'header';
  name: string;
  variable: string;
  prefix: string;
  /** The field that names it, as shown: `env_vars`, `bearer_token_env_var`, `env_http_headers`. */
  field: string;
}

/** Where one env or header value comes from, never the value itself. */
export const valueSourceSchema = z.object({
  name: z.string(),
  /** The variable references in the value, as written (`${env:GH_TOKEN}`, `${input:key}`, `${VAR:-x}`). */
  from: z.array(z.string()),
  /** The value holds text written in the file itself. */
  literal: z.boolean(),
});
export type ValueSource = z.infer<typeof valueSourceSchema>;

/** The file of variables (Cursor, VS Code `envFile`) the client loads into the server's environment. */
export const envFileListingSchema = z.object({
  /** As written, variables included (`${userHome}/.env`). */
  written: z.string(),
  /** The absolute file it names once expanded, or null while a variable in it has no value. */
  path: z.string().nullable(),
  /** Where a symbolic link in the path really leads, when that is somewhere else. */
  realPath: z.string().nullable(),
});
export type EnvFileListing = z.infer<typeof envFileListingSchema>;

export const serverListingSchema = z.object({
  id: z.string(),
  client: z.enum(CLIENT_IDS),
  file: z.string(),
  line: z.number().int(),
  scope: z.enum(SCOPES),
  project: z.string().nullable(),
  name: z.string(),
  transport: z.enum(ENTRY_TRANSPORTS),
  command: z.string().nullable(),
  /** Arguments as written, secret-looking ones replaced by «redacted». */
  args: z.array(z.string()),
  cwd: z.string().nullable(),
  envNames: z.array(z.string()),
  /** Where each env value comes from (a variable of the caller, an input, the file), in envNames order. */
  envSources: z.array(valueSourceSchema).default([]),
  envFile: envFileListingSchema.nullable().default(null),
  /** Without credentials or query values. */
  url: z.string().nullable(),
  headerNames: z.array(z.string()),
  headerSources: z.array(valueSourceSchema).default([]),
  disabled: z.boolean(),
  /** Values the user must supply before this server can start. */
  needs: z.array(needSchema),
  /** Entries with the same name and the same settings (in any client) share a group and are audited once. */
  group: z.string(),
  /** False when the client would reject the entry or a value is missing and cannot be asked for. */
  launchable: z.boolean(),
});
export type ServerListing = z.infer<typeof serverListingSchema>;

export function entryId(client: ClientId, file: string, line: number, name: string): string {
  return `${client}:${file}:${line}:${name}`;
}

/** Settings that make two entries of the same name the same server (values compared, never shown). */
export function entryFingerprint(entry: ConfigEntry): string {
  const sorted = (record: Record<string, string>): [string, string][] =>
    Object.entries(record).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return JSON.stringify([
    entry.transport === 'stdio' ? 'stdio' : 'remote',
    entry.command,
    entry.args,
    entry.url,
    sorted(entry.env),
    sorted(entry.headers),
    entry.fromEnvironment ?? [],
  ]);
}
