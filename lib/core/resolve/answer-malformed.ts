/** A tools/resolve answer that is not one: an error, another tool's, no annotations, a hint that is not a boolean. */
import { raised, type Finding, type FindingDefinition } from '../finding';

export const RESOLVE_MALFORMED_ID = 'resolve-answer-malformed';

export const RESOLVE_MALFORMED_DEFINITION: FindingDefinition<typeof RESOLVE_MALFORMED_ID> = {
  id: RESOLVE_MALFORMED_ID,
  severity: 'low',
  title: 'tools/resolve gave no usable answer',
  meaning:
    'The tool declares itself resolvable, but tools/resolve failed or answered without a usable annotations object for this tool. Clients then fall back to the static hints (the extension requires it).',
  doesNotTell: 'Whether other arguments resolve: only the generated ones were sent.',
  reference: 'io.modelcontextprotocol/tool-resolution extension (SEP-1862): result shape and error handling',
};

export function malformedFindings(problem: string): Finding<typeof RESOLVE_MALFORMED_ID>[] {
  return [raised(RESOLVE_MALFORMED_DEFINITION, `tools/resolve: ${problem}.`)];
}
