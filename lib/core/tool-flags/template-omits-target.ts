/**
 * A display template that leaves out a required argument selecting what the call acts on (a path, a
 * URL, a recipient, a query…): the line a person approves hides the part that matters.
 */
import { displayTemplatesOf, placeholdersOf } from '../display-template/templates';
import { selectsTarget } from '../display-template/wording';
import { firstOf, type ToolRule } from './rule';
import { DISPLAY_TEMPLATE_REFERENCE } from './template-shape';

export const templateOmitsTarget: ToolRule<'display-template-omits-target'> = {
  definitions: {
    'display-template-omits-target': {
      id: 'display-template-omits-target',
      severity: 'medium',
      title: 'Display template: hides the argument that selects the target',
      meaning:
        "The display template does not show a required argument that selects what the call acts on (a path, file, URL, recipient, query, command, destination…). The draft names this omission as the sharper risk: the line is accurate as far as it goes while concealing what matters, and it can inform a consent decision. A branch's const discriminator counts as shown.",
      default: null,
      doesNotTell:
        'Whether the host shows the raw arguments as well (the draft asks it to, and to mark arguments the template does not show). The target words are a list: an argument named otherwise is not seen.',
      reference: `${DISPLAY_TEMPLATE_REFERENCE}, Security Implications (call-side omission)`,
    },
  },
  check({ raw }, raise) {
    if (raw === undefined) return;
    const omitted = displayTemplatesOf(raw).templates.flatMap(({ where, template, required, pinned }) => {
      const shown = new Set([...placeholdersOf(template), ...pinned]);
      const hidden = required.filter((name) => selectsTarget(name) && !shown.has(name));
      return hidden.length === 0 ? [] : [`"${template.slice(0, 120)}" (${where}) does not show ${hidden.join(', ')}`];
    });
    if (omitted.length > 0) raise('display-template-omits-target', `${firstOf(omitted, 3)}.`);
  },
};
