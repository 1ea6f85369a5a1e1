/** A display template placeholder that names no property of the tool's (or its branch's) input schema. */
import { displayTemplatesOf, placeholdersOf } from '../display-template/templates';
import { firstOf, type ToolRule } from './rule';
import { DISPLAY_TEMPLATE_REFERENCE } from './template-shape';

export const templatePlaceholder: ToolRule<'display-template-unknown-placeholder'> = {
  definitions: {
    'display-template-unknown-placeholder': {
      id: 'display-template-unknown-placeholder',
      severity: 'low',
      title: 'Display template: a placeholder that is no argument',
      meaning:
        'A {placeholder} of the display template names no property of the tool\'s inputSchema (or of its oneOf/anyOf branch): hosts render it as "...", so the line a person reads around the call says less than it seems to.',
      default: 'A placeholder without an argument renders as "...".',
      doesNotTell: 'Whether the server sends that argument under another name.',
      reference: DISPLAY_TEMPLATE_REFERENCE,
    },
  },
  check({ raw }, raise) {
    if (raw === undefined) return;
    const unknown = displayTemplatesOf(raw).templates.flatMap(({ where, template, properties }) =>
      placeholdersOf(template)
        .filter((name) => !properties.includes(name))
        .map((name) => `{${name}} in "${template.slice(0, 120)}" (${where})`),
    );
    if (unknown.length > 0) raise('display-template-unknown-placeholder', `Names no argument: ${firstOf(unknown, 3)}.`);
  },
};
