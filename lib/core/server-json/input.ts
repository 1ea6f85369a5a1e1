/**
 * What the comparison of a declaration with the live server reads: the declaration (a server.json
 * file, a card the server serves, or the one an installed package carries) and what the audit saw.
 */
import type { Declared } from './declared';

export const DECLARATION_KINDS = ['file', 'card'] as const;
export type DeclarationKind = (typeof DECLARATION_KINDS)[number];

export interface Declaration {
  kind: DeclarationKind;
  /** The path given, or the card's URL. */
  location: string;
  /** The parsed JSON, as it was. */
  document: unknown;
  declared: Declared;
}

/** The npm package the audited command runs, read from its package.json. */
export interface InstalledPackage {
  name: string;
  version: string | null;
  /** package.json `mcpName`: the registry name the package claims (the registry checks it on publish). */
  mcpName: string | null;
}

export interface Audited {
  /** How the audit reached the server. */
  transport: 'stdio' | 'streamable-http' | 'sse';
  /** The audited URL (hosted), else null. */
  url: string | null;
  /** The variables (stdio) or headers (hosted) the audit passed: names only. */
  passed: readonly string[];
  /** Whether the server answered at all (a missing variable is then likely the reason it did not). */
  connected: boolean;
  /** The tools listed, or null when the listing failed or was incomplete. */
  listedTools: readonly string[] | null;
  serverVersion: string | null;
  package: InstalledPackage | null;
}

/** The subject a finding of this declaration is raised on: "server.json (path)" or "server card (url)". */
export function subjectOf(declaration: Pick<Declaration, 'kind' | 'location'>): string {
  return `${declaration.kind === 'card' ? 'server card' : 'server.json'} ${declaration.location}`;
}
