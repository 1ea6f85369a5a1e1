/**
 * The words a display template is judged by: arguments that select what a call acts on (a path, a
 * URL, a recipient, a query…), and the leading verb of the line (a read such as "View" or "Read", a
 * destruction such as "Delete"). Word lists, so a heuristic: a finding quotes the template and the
 * hints and leaves the judgement to the reader.
 */

/** Argument-name words that select the target of a call. */
const TARGET_WORDS = new Set(
  'path paths file files filename filepath dir directory folder url urls uri href link recipient recipients to cc bcc email address query sql command cmd destination dest target repo repository channel table bucket key branch host domain'.split(
    ' ',
  ),
);

/** Words of an argument name: snake, kebab and camel case split, lower-cased. */
export function nameWords(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .split(/[^A-Za-z0-9]+/)
    .filter((word) => word !== '')
    .map((word) => word.toLowerCase());
}

/** Whether an argument selects the target of the call (path, url, recipient, query…). */
export const selectsTarget = (name: string): boolean => nameWords(name).some((word) => TARGET_WORDS.has(word));

const READ_VERBS = new Set(
  'view read show get list see display look fetch search find check open preview browse inspect'.split(' '),
);
const DESTROY_VERBS = new Set(
  'delete remove destroy purge wipe erase drop overwrite kill terminate revoke uninstall'.split(' '),
);

/** The template's leading verb, lower-cased ("View {path}" → "view"), or null. */
export function leadingVerb(template: string): string | null {
  const found = /^[^A-Za-z]*([A-Za-z]+)/.exec(template);
  return found?.[1]?.toLowerCase() ?? null;
}

export const isReadVerb = (verb: string | null): boolean => verb !== null && READ_VERBS.has(verb);
export const isDestroyVerb = (verb: string | null): boolean => verb !== null && DESTROY_VERBS.has(verb);
