/** A display template whose shape breaks the draft: hosts that implement it ignore it. */
import { displayTemplatesOf } from '../display-template/templates';
import { firstOf, type ToolRule } from './rule';

export const DISPLAY_TEMPLATE_REFERENCE =
  'Display templates extension (io.modelcontextprotocol/display-templates, experimental draft, Tool Annotations IG)';

export const templateShape: ToolRule<'display-template-invalid'> = {
  definitions: {
    'display-template-invalid': {
      id: 'display-template-invalid',
      severity: 'low',
      title: "Display template: not the extension's shape",
      meaning:
        'The tool\'s _meta["io.modelcontextprotocol/display-templates"] is not an object with a string template, or a oneOf/anyOf branch carries a display-template that is not a string. Hosts that implement the extension fall back to the raw arguments.',
      default: 'Without a usable template, hosts show the raw arguments.',
      doesNotTell: 'Anything about what the tool does.',
      reference: DISPLAY_TEMPLATE_REFERENCE,
    },
  },
  check({ raw }, raise) {
    if (raw === undefined) return;
    const { problems } = displayTemplatesOf(raw);
    if (problems.length > 0) raise('display-template-invalid', `${firstOf(problems, 3)}.`);
  },
};
