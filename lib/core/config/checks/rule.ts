/**
 * What a configuration finding is (one file each in this folder, registered in ../findings.ts): its
 * definition and where it looks: one entry's text, where an entry's values come from, every entry
 * together, or the file as its reader finds it (raised by the reader through fileFinding). Messages
 * name variables and headers, never values.
 */
import type { Finding, FindingDefinition } from '../../finding';
import type { Severity } from '../../severity';
import type { ClientId } from '../client-ids';
import type { ConfigEntry, EnvFileListing } from '../entry';
import type { Need } from '../variables';

/** Where a finding is: the entry's client, file and line, and the entry (null for the whole file). */
export interface Located {
  client: ClientId;
  file: string;
  line: number;
  server: string | null;
  entryId: string | null;
}

export type RaisedConfigFinding<Id extends string> = Finding<Id> & Located;

/** One entry as its text reads: `literal` tells a written value from one the client expands. */
export interface EntryFacts {
  entry: ConfigEntry;
  needs: readonly Need[];
  literal: (text: string) => boolean;
}

/** One entry with the envFile it names (null: none) and the real path of its project. */
export interface SourceFacts {
  entry: ConfigEntry;
  envFile: EnvFileListing | null;
  realProject: string | null;
}

type Check<Facts, Id extends string> = (facts: Facts) => RaisedConfigFinding<Id>[];

export type ConfigRule<Id extends string> = { readonly definition: FindingDefinition<Id> } & (
  | { readonly looks: 'entry'; readonly check: Check<EntryFacts, Id> }
  | { readonly looks: 'sources'; readonly check: Check<SourceFacts, Id> }
  | { readonly looks: 'entries'; readonly check: Check<readonly ConfigEntry[], Id> }
  | { readonly looks: 'file' }
);

export function at(entry: ConfigEntry): Located {
  return { client: entry.client, file: entry.file, line: entry.line, server: entry.name, entryId: entry.id };
}

/** A finding at `where`, with its definition's severity unless the rule gives a lower one. */
export function located<Id extends string>(
  definition: Pick<FindingDefinition<Id>, 'id' | 'severity'>,
  message: string,
  where: Located,
  severity: Severity = definition.severity,
): RaisedConfigFinding<Id> {
  return { id: definition.id, severity, message, ...where };
}
