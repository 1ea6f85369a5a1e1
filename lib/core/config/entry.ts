/**
 * One server entry of a client configuration, as written (ConfigEntry, which holds env and header
 * values and never leaves the server layer), and what may be shown of it (ServerListing: names of
 * variables and headers, never values; URLs without query values; secret-looking arguments redacted).
 */
import { z } from 'zod';
import { CLIENT_IDS, type ClientId } from './clients';
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
  /** VS Code `inputs` of the file, for `${input:...}`. */
  inputs: InputDefinition[];
}

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
  /** Without credentials or query values. */
  url: z.string().nullable(),
  headerNames: z.array(z.string()),
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
  ]);
}
