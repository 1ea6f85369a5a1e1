/** needs-value: a value the entry references must be supplied (needs are computed by the caller's expansion). */
import type { Need } from '../variables';
import { at, located, type ConfigRule } from './rule';

export const needsValue: ConfigRule<'needs-value'> = {
  definition: {
    id: 'needs-value',
    severity: 'info',
    title: 'A value must be supplied',
    meaning:
      'The entry references a variable that is not set here, an ${input:...} the client would ask for, or a form only the client resolves. Nothing is guessed: supply the value for this scan (it is used for the batch only, never stored or shown).',
    doesNotTell: 'Whether the server needs the value to list its tools: some start without it.',
    reference: 'Each client’s variable expansion rules (docs/config-import.md)',
  },
  looks: 'entry',
  check: ({ entry, needs }) =>
    needs.map((need) => located(needsValue.definition, `needs a value for ${needText(need)}.`, at(entry))),
};

function needText(need: Need): string {
  return need.kind === 'input'
    ? `\${${need.name}} (${need.description ?? 'asked by the client'})`
    : need.kind === 'env'
      ? `\${${need.name}}: ${need.name} is not set here`
      : `${need.key}: resolved only by the client`;
}
