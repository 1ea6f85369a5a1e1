/**
 * When two names are near misses of each other, and how they differ: the same name to a reader once
 * separators at the ends or inside (`compute_`, `check-sig`), letter case and look-alike letters
 * (confusables.ts) are set aside; or, for names of five characters or more, one edit apart (a letter
 * added, dropped, changed or two swapped: `serach`) where that edit is not a plural (`get_file`,
 * `get_files`) or a digit (`v1`, `v2`). Names equal as hosts compare them (case, `-` as `_`) are
 * not near misses: they are the same name (tool-name-collision, tool-shadowing), so case counts only
 * beside another difference (`GetFile`, `get_file`).
 */
import { lookAlikes, readerForm } from '../confusables';
import { normalToolName } from './builtins';

const SEPARATORS = /[\s_.\-/]+/g;
const skeletons = new Map<string, string>();
function skeleton(name: string): string {
  let form = skeletons.get(name);
  if (form === undefined) {
    form = readerForm(name).replace(SEPARATORS, '');
    if (skeletons.size > 10_000) skeletons.clear();
    skeletons.set(name, form);
  }
  return form;
}

/**
 * Whether two different strings are one edit apart (Damerau: a character added, dropped, changed, or
 * two neighbours swapped), in one pass: closest-name.ts's full distance table costs some 60 µs a
 * pair, too much for every pair of tools in a session of 300.
 */
export function oneEditApart(a: string, b: string): boolean {
  if (a === b || Math.abs(a.length - b.length) > 1) return false;
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) {
    endA--;
    endB--;
  }
  const restA = endA - start;
  const restB = endB - start;
  if (restA <= 1 && restB <= 1) return true;
  return restA === 2 && restB === 2 && a[start] === b[start + 1] && a[start + 1] === b[start];
}

/** A plural or singular of the other (`file`/`files`, `match`/`matches`), or a change of digits only. */
function ordinaryVariant(a: string, b: string): boolean {
  const [short, long] = a.length <= b.length ? [a, b] : [b, a];
  if (long === `${short}s` || long === `${short}es`) return true;
  return a.replace(/\d+/g, '#') === b.replace(/\d+/g, '#');
}

/** How `name` misses `other`, in words, or null when it is no near miss. */
export function nearMiss(name: string, other: string): string | null {
  if (name === '' || other === '') return null;
  const a = skeleton(name);
  const b = skeleton(other);
  if (Math.abs(a.length - b.length) > 1 || normalToolName(name) === normalToolName(other)) return null;
  if (a === b) {
    const glyphs = [...lookAlikes(name), ...lookAlikes(other)];
    if (glyphs.length > 0) return `look-alike letters (${glyphs.join(', ')})`;
    if (readerForm(name) === readerForm(other)) return 'full-width or compatibility letters';
    if (readerForm(name).replace(/^[_.-]+|[_.-]+$/g, '') === readerForm(other).replace(/^[_.-]+|[_.-]+$/g, ''))
      return 'a separator at the start or end';
    return name.replace(SEPARATORS, '') === other.replace(SEPARATORS, '') ? 'separators' : 'separators and letter case';
  }
  if (Math.min(a.length, b.length) < 5 || !oneEditApart(a, b) || ordinaryVariant(a, b)) return null;
  return 'one character';
}
