/**
 * What changed between two listings of one server's tools in one session (the first, and the one
 * after notifications/tools/list_changed): the contract gate's comparison (contract/drift.ts, so
 * both name a change alike), grouped by tool as capabilities/listing-change.ts records it, each
 * changed text with its word diff, and for a changed or added tool the words of its new text that
 * order the model (instructions-to-model.ts). A rename is the old name removed and the new added.
 */
import { toolIdentity } from '../contract/tool-identity';
import type { ChangeKind } from '../contract/changes';
import { toolSetChanges } from '../contract/drift';
import type { ListingChange } from '../capabilities/listing-change';
import type { ToolReport } from '../report/report';
import { analyzeTools, type RawPage } from '../report/tool-analysis';
import { instructionsToModel } from './instructions-to-model';

const PART_OF: Partial<Record<ChangeKind, string>> = {
  'title-changed': 'title',
  'description-changed': 'description',
  'input-schema-changed': 'input schema',
  'output-schema-changed': 'output schema',
  'annotation-changed': 'annotations',
};

/** The words of a tool's new texts that order the model, or null. */
function ordersIn(tool: ToolReport | undefined, names: readonly string[]): string | null {
  if (tool === undefined) return null;
  return instructionsToModel([tool.title, tool.description].filter((t) => t !== null).join('\n'), names);
}

/** The changes from `before` to `after`, one per tool, in the order the comparison gives them. */
export function listingChanges(before: readonly ToolReport[], after: readonly ToolReport[]): ListingChange[] {
  const afterByName = new Map(after.map((tool) => [tool.name, tool]));
  const names = after.map((tool) => tool.name);
  const out = new Map<string, ListingChange>();
  const entry = (kind: ListingChange['kind'], tool: string, message: string): ListingChange => {
    const key = `${kind}\u0000${tool}`;
    const known = out.get(key);
    if (known !== undefined) return known;
    const made: ListingChange = {
      kind,
      tool,
      parts: [],
      texts: [],
      instructions: kind === 'removed' ? null : ordersIn(afterByName.get(tool), names),
      message,
    };
    out.set(key, made);
    return made;
  };
  for (const change of toolSetChanges(
    before.map((tool) => toolIdentity(tool)),
    after.map((tool) => toolIdentity(tool)),
  )) {
    const tool = change.tool ?? '';
    if (change.kind === 'tool-added') entry('added', tool, change.message);
    else if (change.kind === 'tool-removed') entry('removed', tool, change.message);
    else if (change.kind === 'tool-renamed') {
      entry('removed', String(change.before), `${JSON.stringify(change.before)} is no longer listed.`);
      entry('added', tool, change.message);
    } else {
      const part = PART_OF[change.kind];
      if (part === undefined) continue;
      const changed = entry('changed', tool, '');
      if (!changed.parts.includes(part)) changed.parts.push(part);
      changed.texts.push(...(change.texts ?? []).map(({ field, diff }) => ({ field, diff })));
      changed.message = `${changed.message === '' ? '' : `${changed.message} `}${change.message}`;
    }
  }
  return [...out.values()];
}

/** A listing as sent (tools/list pages), analysed as an audit analyses it. */
export const analysedTools = (pages: readonly RawPage[]): ToolReport[] =>
  analyzeTools(pages, { context: {}, withCost: false }).tools;

/** The changes between two listings as sent. */
export function pageChanges(before: readonly RawPage[], after: readonly RawPage[]): ListingChange[] {
  return listingChanges(analysedTools(before), analysedTools(after));
}
