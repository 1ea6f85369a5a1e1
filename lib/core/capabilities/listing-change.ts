/**
 * A tool listing changed inside one session (the "rug pull" caught where it happens): a server that
 * sends notifications/tools/list_changed and, listed again, shows a tool whose description, title,
 * schema or annotations are not what it listed first, a tool it did not list, or one gone. The audit's
 * listening window, the exercise and the playground list again on list_changed and record each change
 * here with the word diff of every changed text (word-diff.ts, as the contract gate draws it); the
 * findings below put it on the tool (report/listing-changes.ts). A changed definition is critical:
 * what was reviewed is not what the model now reads. An added tool is medium, critical when its text
 * orders the model (defined critical, raised lower without an order); a removed one low. MCP specification, Tools (list changed notification); MCP
 * security best practices ("rug pull").
 */
import { z } from 'zod';
import { catalogue, raised, type FlagDefinition } from '../finding';
import { plainWordDiff, wordDiffPartSchema } from '../word-diff';

export const LISTING_CHANGE_KINDS = ['changed', 'added', 'removed'] as const;

export const listingChangeSchema = z.object({
  kind: z.enum(LISTING_CHANGE_KINDS),
  tool: z.string(),
  /** What changed, in words: "description", "title", "input schema", "output schema", "annotations". */
  parts: z.array(z.string()),
  /** Each changed text the model reads, with its word diff. */
  texts: z.array(z.object({ field: z.string(), diff: z.array(wordDiffPartSchema) })),
  /** Words of the new text that order the model (quoted), or null. */
  instructions: z.string().nullable(),
  /** What changed, in a sentence (the contract gate's words). */
  message: z.string(),
});
export type ListingChange = z.infer<typeof listingChangeSchema>;

const REFERENCE =
  'MCP specification 2025-11-25, Tools (notifications/tools/list_changed); MCP security best practices (rug pull); Invariant Labs, MCP rug pulls (2025)';

const DOES_NOT_TELL =
  'Why the server changed it: an honest server may update a tool, but inside a session nothing you reviewed says so. `verify` against an approved contract catches the same across sessions.';

export const TOOL_CHANGED_MID_SESSION: FlagDefinition<'tool-changed-mid-session'> = {
  id: 'tool-changed-mid-session',
  severity: 'critical',
  title: 'The tool changed during the session',
  meaning:
    'The server announced notifications/tools/list_changed and, listed again, this tool’s description, title, schema or annotations were not what it listed first: the model now reads a definition nobody reviewed (a rug pull inside one session). The word diff shows what was added and removed.',
  default: null,
  doesNotTell: DOES_NOT_TELL,
  reference: REFERENCE,
};

/** Critical as defined; raised at medium when the added tool's text gives the model no order. */
export const TOOL_ADDED_MID_SESSION: FlagDefinition<'tool-added-mid-session'> = {
  id: 'tool-added-mid-session',
  severity: 'critical',
  title: 'A tool added during the session',
  meaning:
    'The tool was not in the first listing; the server added it later in the session (after list_changed). A capability nobody reviewed. Critical when its text orders the model (the words are quoted).',
  default: null,
  doesNotTell: 'Whether the tool is benign: read it. Some servers add tools once a user signs in or picks a project.',
  reference: REFERENCE,
};

export const TOOL_REMOVED_MID_SESSION: FlagDefinition<'tool-removed-mid-session'> = {
  id: 'tool-removed-mid-session',
  severity: 'low',
  title: 'A tool removed during the session',
  meaning:
    'The tool was in the first listing and was gone when the server listed its tools again (after list_changed).',
  default: null,
  doesNotTell: 'Why: it may come back renamed (a new name shows as added).',
  reference: REFERENCE,
};

export const LISTING_CHANGE_FINDINGS = catalogue([
  TOOL_CHANGED_MID_SESSION,
  TOOL_ADDED_MID_SESSION,
  TOOL_REMOVED_MID_SESSION,
]);
export const LISTING_CHANGE_FINDING_IDS = LISTING_CHANGE_FINDINGS.ids;
export type ListingChangeFindingId = (typeof LISTING_CHANGE_FINDING_IDS)[number];

const DEFINITION_OF = {
  changed: TOOL_CHANGED_MID_SESSION,
  added: TOOL_ADDED_MID_SESSION,
  removed: TOOL_REMOVED_MID_SESSION,
} as const;

/** "description: Get the forecast. {+<IMPORTANT> …+}", one per changed text (git's word-diff style). */
export const listingDiffLines = (change: Pick<ListingChange, 'texts'>): string[] =>
  change.texts.map((text) => `${text.field}: ${plainWordDiff(text.diff)}`);

/** The finding a change raises, its message the change's sentence, the order quoted, and the word diff. */
export function listingChangeFinding(
  change: ListingChange,
  when: string,
): ReturnType<typeof raised<ListingChangeFindingId>> {
  const definition = DEFINITION_OF[change.kind];
  const orders =
    change.kind !== 'added' || change.instructions === null
      ? ''
      : ` Its text orders the model: ${JSON.stringify(change.instructions)}.`;
  const diff = listingDiffLines(change);
  const severity = change.kind === 'added' && change.instructions === null ? 'medium' : definition.severity;
  return raised(
    definition,
    `${when}: ${change.message}${orders}${diff.length === 0 ? '' : ` ${diff.join(' · ')}`}`,
    severity,
  );
}
