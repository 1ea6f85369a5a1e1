/**
 * A display template whose verb contradicts what the tool is: "View …" or "Read …" on a tool that
 * declares itself destructive, or whose name or description says it deletes; "Delete …" on one that
 * declares itself read-only. The message quotes both texts.
 */
import { displayTemplatesOf } from '../display-template/templates';
import { isDestroyVerb, isReadVerb, leadingVerb } from '../display-template/wording';
import { guessEffect } from '../signals/inferred-effect';
import { type ToolRule } from './rule';
import { DISPLAY_TEMPLATE_REFERENCE } from './template-shape';

export const templateVerb: ToolRule<'display-template-verb-contradicts'> = {
  definitions: {
    'display-template-verb-contradicts': {
      id: 'display-template-verb-contradicts',
      severity: 'medium',
      title: 'Display template: its verb contradicts the tool',
      meaning:
        'The line hosts show around the call starts with a read ("View", "Read", "Show", "Get"…) on a tool that declares destructiveHint true (not read-only) or whose name or description says it deletes, or with a destruction ("Delete", "Remove"…) on a tool that declares readOnlyHint true. A person approving the call reads the template, not the hints.',
      default: null,
      doesNotTell:
        'Which is wrong, the template or the hints; only that they disagree. Verbs are read from word lists.',
      reference: DISPLAY_TEMPLATE_REFERENCE,
    },
  },
  check({ raw, analysis, name, texts }, raise) {
    if (raw === undefined) return;
    const { readOnlyHint, destructiveHint } = analysis.effective;
    const declaredDestructive =
      destructiveHint.source === 'declared' &&
      destructiveHint.value &&
      !(readOnlyHint.value && readOnlyHint.source === 'declared');
    const description = texts.find((text) => text.field === 'description')?.text ?? null;
    const deletes = guessEffect(typeof name === 'string' ? name : '', description)?.effect === 'destructive-write';
    const declaredRead = readOnlyHint.source === 'declared' && readOnlyHint.value;
    for (const { template, where } of displayTemplatesOf(raw).templates) {
      const verb = leadingVerb(template);
      const quoted = `"${template.slice(0, 120)}"${where === 'tool' ? '' : ` (${where})`}`;
      if (isReadVerb(verb) && (declaredDestructive || deletes)) {
        const why = declaredDestructive
          ? 'the tool declares destructiveHint true'
          : `its text says it destroys: "${(description ?? String(name)).slice(0, 120)}"`;
        raise('display-template-verb-contradicts', `The template reads ${quoted}, but ${why}.`);
        return;
      }
      if (isDestroyVerb(verb) && declaredRead) {
        raise(
          'display-template-verb-contradicts',
          `The template reads ${quoted}, but the tool declares readOnlyHint true.`,
        );
        return;
      }
    }
  },
};
