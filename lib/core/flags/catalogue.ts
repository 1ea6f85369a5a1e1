/**
 * The flag catalogue: every finding the audit can raise about a tool, with a stable id, a
 * severity, and an explanation of what it means and what it does not. Hints are self-reported
 * (MCP spec, ToolAnnotations: "clients MUST consider tool annotations to be untrusted unless they
 * come from trusted servers"), so flags describe claims, never verified behaviour; the one exception
 * is the behaviour findings of a sandboxed exercise (exercise/definitions.ts), which describe what a call did.
 */
import type { Finding, FlagDefinition } from '../finding';
import { severityRank, type Severity } from '../severity';
import { SIGNAL_FINDING_DEFINITIONS, SIGNAL_FINDING_IDS } from '../signals/definitions';
import { guessEffect } from '../signals/inferred-effect';
import { orderedCall } from '../signals/mentioned-tools';
import { toolSignalFindings } from '../signals/tool-signals';
import { SURFACE_FINDING_DEFINITIONS, SURFACE_FINDING_IDS } from '../surface/definitions';
import { APP_FINDING_DEFINITIONS, APP_FINDING_IDS } from '../apps/definitions';
import { toolSurfaceFindings } from '../surface/tool-findings';
import { BEHAVIOUR_FINDING_DEFINITIONS, BEHAVIOUR_FINDING_IDS } from '../exercise/definitions';
import { LISTING_CHANGE_FINDING_IDS, LISTING_CHANGE_FINDINGS } from '../capabilities/listing-change';
import { mentionedIn, toolProse, type ToolFacts } from '../tool-flags/facts';
import { firstOf, type Raise } from '../tool-flags/rule';
import { TOOL_FLAG_DEFINITIONS, TOOL_FLAG_IDS, TOOL_RULES } from '../tool-flags/rules';

export { confirmationField, toolNameProblem } from '../tool-flags/tool-shape';
export { hiddenCharacters } from '../hidden-characters';
export { mentionedIn, toolProse, type ToolFacts } from '../tool-flags/facts';

/** Every flag id, in the catalogue's order (the order ties are broken in). */
export const FLAG_IDS = [
  ...TOOL_FLAG_IDS,
  ...SURFACE_FINDING_IDS,
  ...APP_FINDING_IDS,
  ...SIGNAL_FINDING_IDS,
  ...BEHAVIOUR_FINDING_IDS,
  ...LISTING_CHANGE_FINDING_IDS,
] as const;
export type FlagId = (typeof FLAG_IDS)[number];

export type Flag = Finding<FlagId>;

/** Each rule's check, typed so that a rule raising an id missing from FLAG_IDS does not compile. */
const TOOL_CHECKS: readonly ((facts: ToolFacts, raise: Raise<FlagId>) => void)[] = TOOL_RULES.map((rule) => rule.check);

export const FLAG_DEFINITIONS: { [Id in FlagId]: FlagDefinition<Id> } = {
  ...TOOL_FLAG_DEFINITIONS,
  ...SURFACE_FINDING_DEFINITIONS,
  ...APP_FINDING_DEFINITIONS,
  ...BEHAVIOUR_FINDING_DEFINITIONS,
  ...SIGNAL_FINDING_DEFINITIONS,
  ...LISTING_CHANGE_FINDINGS.byId,
};

/** A read: declared read-only, or, where readOnlyHint is not declared, named (or described) with a read verb. */
function isRead(name: string, description: string | null, readOnlyHint: { value: boolean; source: string }): boolean {
  if (readOnlyHint.source === 'declared') return readOnlyHint.value;
  return guessEffect(name, description)?.effect === 'read';
}

/** All flags for one tool, most severe first. */
export function flagsForTool(facts: ToolFacts): Flag[] {
  const flags: Flag[] = [];
  const raise = (id: FlagId, message: string, severity: Severity = FLAG_DEFINITIONS[id].severity): void => {
    flags.push({ id, severity, message });
  };
  for (const check of TOOL_CHECKS) check(facts, raise);
  const checked = [...facts.texts, ...(facts.schemaTexts ?? [])];
  if (facts.raw !== undefined) flags.push(...toolSurfaceFindings(facts.raw, checked, facts.context ?? {}));
  // Signals in the tool itself (lib/core/signals/): heuristics on its own words and arguments.
  const mentioned = facts.mentioned ?? mentionedIn(facts);
  if (mentioned.length > 0) {
    const order = orderedCall(toolProse(facts.texts), mentioned);
    const names = `${mentioned.length === 1 ? 'another tool' : 'other tools'} of this server: ${firstOf(mentioned, 5)}`;
    if (order === null) raise('mentions-other-tool', `Its text points to ${names} (a cross-reference).`, 'low');
    else raise('mentions-other-tool', `Its text orders a call ("${order}"); it names ${names}.`);
  }
  const name = typeof facts.name === 'string' ? facts.name : '';
  const prose = toolProse(facts.texts);
  flags.push(
    ...toolSignalFindings(name, prose, facts.inputSchema, {
      outputSchema: facts.raw?.outputSchema,
      isRead: isRead(name, prose.at(-1) ?? null, facts.analysis.effective.readOnlyHint),
    }),
  );
  return flags.sort((a, b) => severityRank(a.severity) - severityRank(b.severity));
}
