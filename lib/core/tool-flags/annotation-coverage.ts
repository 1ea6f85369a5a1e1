/**
 * Whether a tool says anything about its risk: no annotations at all (unannotated), or some, with a
 * hint that applies to it left to the spec defaults (partially-annotated). Only hints that apply
 * count: destructiveHint and idempotentHint mean nothing for a read-only tool.
 */
import { HINTS } from '../annotations';
import { SPEC_TOOLS, type ToolRule } from './rule';

export const annotationCoverage: ToolRule<'unannotated' | 'partially-annotated'> = {
  definitions: {
    unannotated: {
      id: 'unannotated',
      severity: 'high',
      title: 'Declares no annotations',
      meaning:
        'The tool sends no annotations at all. The spec defaults then make it a write (readOnlyHint false) that may be destructive (destructiveHint true) and may reach external systems (openWorldHint true).',
      default: 'readOnlyHint false, destructiveHint true, idempotentHint false, openWorldHint true',
      doesNotTell:
        'That the tool is dangerous: only that the server says nothing about it. Silence is not safety, and a client that shows it as "no warnings" turns silence into reassurance. Read what the tool does.',
      reference: SPEC_TOOLS,
    },
    'partially-annotated': {
      id: 'partially-annotated',
      severity: 'medium',
      title: 'Some hints that apply come from defaults',
      meaning:
        'The tool declares some annotations, but a hint that applies to it was not sent (or was malformed), so part of its classification comes silently from the spec defaults. A title-only tool counts as annotated in a naive count while declaring nothing about risk. A read-only tool that omits destructiveHint and idempotentHint is not flagged: those hints do not apply to it. (The summary\'s "partially annotated" count keeps the strict definition: any of the four hints not a boolean.)',
      default: 'readOnlyHint false, destructiveHint true, idempotentHint false, openWorldHint true',
      doesNotTell: 'Whether the server meant the default or simply forgot the hint.',
      reference: SPEC_TOOLS,
    },
  },
  check({ analysis }, raise) {
    const { effective } = analysis;
    if (analysis.state === 'unannotated') {
      raise('unannotated', 'Declares no annotations: by the spec defaults it is a destructive, open-world write.');
      return;
    }
    if (analysis.state !== 'partial') return;
    const defaulted = HINTS.filter(
      (hint) => effective[hint].source === 'default' || effective[hint].source === 'malformed',
    );
    if (defaulted.length === 0) return;
    const declared = HINTS.filter((hint) => effective[hint].source === 'declared');
    const parts = [declared.length > 0 ? `Declares ${declared.join(', ')}` : 'Declares no hint'];
    parts.push(`defaults apply to ${defaulted.map((hint) => `${hint} (${String(effective[hint].value)})`).join(', ')}`);
    raise('partially-annotated', `${parts.join('; ')}.`);
  },
};
