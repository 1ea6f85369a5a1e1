/**
 * A resolution that claims more than the tool's static hints allow. The static annotations are the
 * conservative bound over every call: static read-only means every resolution is read-only, a static
 * non-destructive write means no resolution is destructive, a closed world stays closed, an idempotent
 * write stays idempotent. A resolution outside the bound makes the listing's hints untrue for that call,
 * and a host that trusted the listing approved something riskier.
 */
import { analyzeAnnotations, isRiskyValue, toolClass, TOOL_CLASSES } from '../annotations';
import { raised, type Finding, type FindingDefinition } from '../finding';

export const RESOLVE_WIDENS_ID = 'resolve-widens-hints';

export const RESOLVE_WIDENS_DEFINITION: FindingDefinition<typeof RESOLVE_WIDENS_ID> = {
  id: RESOLVE_WIDENS_ID,
  severity: 'high',
  title: 'A resolution is riskier than the static hints',
  meaning:
    "tools/resolve answered, for the arguments the audit sent, hints riskier than the tool's tools/list annotations (a write for a read-only tool, destruction for an additive one, the open world for a closed one, non-idempotent for an idempotent one). The listing's hints are the conservative bound over every call: here they are untrue.",
  doesNotTell:
    'What the call would do: both answers are hints the server gives about itself, and only the arguments sent were resolved.',
  reference:
    'io.modelcontextprotocol/tool-resolution extension (SEP-1862): static annotations as the conservative bound',
};

/** The hints a resolution widens beyond the static ones (effective values, spec defaults applied). */
export function widenedHints(staticAnnotations: unknown, resolved: unknown): string[] {
  const before = analyzeAnnotations(staticAnnotations).effective;
  const after = analyzeAnnotations(resolved).effective;
  const widened: string[] = [];
  const rank = (effective: typeof before): number => TOOL_CLASSES.indexOf(toolClass(effective));
  if (rank(after) > rank(before)) widened.push(`${toolClass(before)} → ${toolClass(after)}`);
  if (
    !isRiskyValue('openWorldHint', before.openWorldHint.value) &&
    isRiskyValue('openWorldHint', after.openWorldHint.value)
  )
    widened.push('openWorldHint false → true');
  const writes = !before.readOnlyHint.value && !after.readOnlyHint.value;
  if (writes && before.idempotentHint.value && !after.idempotentHint.value) widened.push('idempotentHint true → false');
  return widened;
}

export function widensFindings(
  staticAnnotations: unknown,
  resolved: unknown,
  argumentsSent: string,
): Finding<typeof RESOLVE_WIDENS_ID>[] {
  const widened = widenedHints(staticAnnotations, resolved);
  if (widened.length === 0) return [];
  return [raised(RESOLVE_WIDENS_DEFINITION, `Resolved with ${argumentsSent}: ${widened.join(', ')}.`)];
}
