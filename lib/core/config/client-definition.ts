/**
 * What one MCP client's definition must carry (lib/core/config/clients/<id>.ts): where it keeps its
 * files per OS, their format, where the servers live, how an entry maps to the common shape (and what
 * the client rejects), the variable syntax it expands, and how a file of its own is recognised.
 * Everything is pure: locations are a function of (platform, home, env, project), never a file read.
 */
import type { EntryShape } from './entry-read';
import type { Scope } from './entry';
import type { VariableSyntax } from './variable-syntax';

export const CONFIG_FORMATS = ['json', 'jsonc', 'toml'] as const;
export type ConfigFormat = (typeof CONFIG_FORMATS)[number];

/** Where discovery looks: an injected platform, HOME, project folder and environment. */
export interface ClientPlace {
  platform: string;
  home: string;
  /** The project folder whose files are read; null for none. */
  projectDir: string | null;
  env: Readonly<Record<string, string | undefined>>;
}

export interface ClientLocation {
  file: string;
  scope: Scope;
  project: string | null;
}

/** One object of servers inside a parsed file (Claude Code keeps one per project as well). */
export interface ServersAt {
  path: readonly string[];
  scope?: Scope;
  project?: string | null;
}

export type EntryRead = { shape: EntryShape } | { rejected: string };

/** A file's name and folder, lower-cased, for recognising a file given with --config. */
export interface FileName {
  base: string;
  parent: string;
  grandparent: string;
}

export interface ClientDefinition<Id extends string = string> {
  id: Id;
  label: string;
  format: ConfigFormat;
  variables: VariableSyntax;
  /** Where the facts come from (docs/config-import.md lists the URLs). */
  reference: string;
  /** Every file where the client keeps MCP servers on this platform (missing ones are skipped). */
  locations: (place: ClientPlace) => ClientLocation[];
  /** Where the servers live in the parsed file. */
  serversAt: (root: Readonly<Record<string, unknown>>) => ServersAt[];
  /** Reads an entry the way the client does, or says why the client would reject it. */
  readEntry: (value: unknown) => EntryRead;
  /** The file is this client's by its name and folder (for --config). */
  ownsFile: (name: FileName) => boolean;
  /** The file is this client's by its content, when its name says nothing (for --config). */
  ownsText: (text: string) => boolean;
  /** A small file as the client documents it, with one local server named "example" (the registry test reads it). */
  example: string;
}

/** Path joining for the target platform (lib/core has no node:path). */
export function joinFor(platform: string): (...parts: string[]) => string {
  const sep = platform === 'win32' ? '\\' : '/';
  return (...parts) =>
    parts
      .filter((part) => part !== '')
      .map((part, index) => {
        const trimmed = part.replace(platform === 'win32' ? /[\\/]+$/ : /\/+$/, '');
        const tail = index === 0 ? trimmed : trimmed.replace(platform === 'win32' ? /^[\\/]+/ : /^\/+/, '');
        return index === 0 && trimmed === '' ? '' : tail;
      })
      .join(sep) || sep;
}

/** The per-user application data folder: %APPDATA%, ~/Library/Application Support, $XDG_CONFIG_HOME. */
export function appDataDir(place: ClientPlace): string {
  const join = joinFor(place.platform);
  if (place.platform === 'win32') return place.env.APPDATA ?? join(place.home, 'AppData', 'Roaming');
  if (place.platform === 'darwin') return join(place.home, 'Library', 'Application Support');
  return place.env.XDG_CONFIG_HOME ?? join(place.home, '.config');
}

/** A file in VS Code's global storage of one extension, as VS Code names its folder (the id in lower case). */
export function vscodeExtensionFile(place: ClientPlace, extension: string, ...parts: string[]): ClientLocation {
  return userFile(joinFor(place.platform)(appDataDir(place), 'Code', 'User', 'globalStorage', extension, ...parts));
}

export function userFile(file: string): ClientLocation {
  return { file, scope: 'user', project: null };
}

/** A file inside the project folder, or nothing without one. */
export function projectFile(place: ClientPlace, ...parts: string[]): ClientLocation[] {
  if (place.projectDir === null) return [];
  return [{ file: joinFor(place.platform)(place.projectDir, ...parts), scope: 'project', project: place.projectDir }];
}

/** The servers object under one top-level key. */
export function serversUnder(key: string): () => ServersAt[] {
  return () => [{ path: [key] }];
}

export const noShape = (): boolean => false;
