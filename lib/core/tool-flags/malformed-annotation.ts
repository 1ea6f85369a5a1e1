/**
 * A hint that is not a boolean, or annotations that is not an object: the hint is treated as absent
 * and its default applies (the strict reading of the spec).
 */
import { HINT_DEFINITIONS, describeValue } from '../annotations';
import { SPEC_TOOLS, type ToolRule } from './rule';

export const malformedAnnotation: ToolRule<'malformed-annotation'> = {
  definitions: {
    'malformed-annotation': {
      id: 'malformed-annotation',
      severity: 'medium',
      title: 'Malformed annotation',
      meaning:
        'A hint is present but is not a boolean (for example the string "true"), or annotations is not an object. The hint is treated as absent and its default applies, as the strict reading of the spec requires; other clients may read it differently, or reject the whole tool list.',
      default: 'The default of the malformed hint',
      doesNotTell: 'What the server meant. Ask its authors to send booleans.',
      reference: SPEC_TOOLS,
    },
  },
  check({ analysis }, raise) {
    const malformed: string[] = [];
    if (analysis.containerProblem !== null) malformed.push(analysis.containerProblem);
    for (const hint of analysis.malformedHints) {
      malformed.push(
        `annotations.${hint} is ${describeValue(analysis.effective[hint].sent)}, not a boolean (default ${String(HINT_DEFINITIONS[hint].defaultValue)} applies)`,
      );
    }
    if (malformed.length > 0) raise('malformed-annotation', `${malformed.join('; ')}.`);
  },
};
