/**
 * Look-alike letters: a name in the form a reader sees, so that `cаlculate` (a Cyrillic а) reads
 * as `calculate`. NFKC first (full-width letters, ligatures, compatibility forms), then the
 * Cyrillic and Greek letters that look like Latin ones in common fonts (a short list in the spirit
 * of Unicode TR #39's confusables for these scripts, not all of it). Lower case.
 */

const LOOK_ALIKE: Readonly<Record<string, string>> = {
  // Cyrillic
  а: 'a',
  в: 'b',
  е: 'e',
  ё: 'e',
  к: 'k',
  м: 'm',
  н: 'h',
  о: 'o',
  р: 'p',
  с: 'c',
  т: 't',
  у: 'y',
  х: 'x',
  і: 'i',
  ї: 'i',
  ј: 'j',
  ѕ: 's',
  ԁ: 'd',
  ӏ: 'l',
  ԛ: 'q',
  ԝ: 'w',
  ɡ: 'g',
  // Greek
  α: 'a',
  β: 'b',
  ε: 'e',
  η: 'n',
  ι: 'i',
  κ: 'k',
  ν: 'v',
  ο: 'o',
  ρ: 'p',
  τ: 't',
  υ: 'u',
  χ: 'x',
  ζ: 'z',
  // Latin look-alikes outside ASCII
  ı: 'i',
  ℓ: 'l',
};

/** The name as a reader sees it: NFKC, lower case, look-alike letters as their Latin twins. */
export function readerForm(name: string): string {
  let out = '';
  for (const char of name.normalize('NFKC').toLowerCase()) out += LOOK_ALIKE[char] ?? char;
  return out;
}

/** The look-alike letters of a name, as "Cyrillic а (U+0430)"-style labels, or [] when it has none. */
export function lookAlikes(name: string): string[] {
  const found: string[] = [];
  for (const char of name.normalize('NFKC').toLowerCase()) {
    if (LOOK_ALIKE[char] === undefined) continue;
    const code = char.codePointAt(0) ?? 0;
    const script = code >= 0x370 && code <= 0x3ff ? 'Greek' : code >= 0x400 && code <= 0x52f ? 'Cyrillic' : 'non-Latin';
    const label = `${script} ${char} (U+${code.toString(16).toUpperCase().padStart(4, '0')})`;
    if (!found.includes(label)) found.push(label);
  }
  return found;
}
