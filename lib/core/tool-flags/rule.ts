/**
 * What a tool rule is: the definitions of the flags it raises (lib/core/finding.ts) and the check
 * that raises them from a tool's facts. A rule raises a flag at its definition's severity; `raise`
 * takes a lower one only where the rule says why. Registered in lib/core/flags/catalogue.ts.
 */
import type { FlagDefinition } from '../finding';
import type { Severity } from '../severity';
import type { ToolFacts } from './facts';

/** Raises one flag on the tool (at the definition's severity unless given). */
export type Raise<Id extends string> = (id: Id, message: string, severity?: Severity) => void;

export interface ToolRule<Id extends string> {
  readonly definitions: { readonly [I in Id]: FlagDefinition<I> };
  readonly check: (facts: ToolFacts, raise: Raise<Id>) => void;
}

/** The spec section most tool rules cite. */
export const SPEC_TOOLS = 'MCP specification, Server features: Tools (ToolAnnotations)';

/** At most `max` items of a list, joined, with an ellipsis when there are more. */
export function firstOf(items: readonly string[], max: number): string {
  return `${items.slice(0, max).join(', ')}${items.length > max ? ', …' : ''}`;
}
