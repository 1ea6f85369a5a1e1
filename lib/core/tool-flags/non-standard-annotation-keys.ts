/**
 * Keys in annotations that the spec does not define: the server's own vocabulary, which clients ignore.
 */
import { firstOf, SPEC_TOOLS, type ToolRule } from './rule';

export const nonStandardAnnotationKeys: ToolRule<'non-standard-annotation-keys'> = {
  definitions: {
    'non-standard-annotation-keys': {
      id: 'non-standard-annotation-keys',
      severity: 'info',
      title: 'Non-standard annotation keys',
      meaning:
        'annotations carries keys the spec does not define (it defines title, readOnlyHint, destructiveHint, idempotentHint, openWorldHint). Clients ignore them; strict SDKs drop them before your code sees them.',
      default: null,
      doesNotTell: "Anything a client will act on: these keys are the server's own vocabulary.",
      reference: SPEC_TOOLS,
    },
  },
  check({ analysis }, raise) {
    const keys = analysis.nonStandardKeys;
    if (keys.length > 0)
      raise('non-standard-annotation-keys', `annotations has keys the spec does not define: ${firstOf(keys, 8)}.`);
  },
};
