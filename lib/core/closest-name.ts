/**
 * "Did you mean": the known name nearest to a mistyped one (Damerau-Levenshtein distance: an
 * insertion, a deletion, a substitution or two neighbours swapped each count one), or null when
 * none is near enough to be a typo (at most 2 edits, and fewer than half the word's length).
 */

function distance(a: string, b: string): number {
  const rows: number[][] = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  const at = (i: number, j: number): number => rows[i]?.[j] ?? Number.POSITIVE_INFINITY;
  for (let i = 1; i <= a.length; i += 1) {
    for (let j = 1; j <= b.length; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(at(i - 1, j) + 1, at(i, j - 1) + 1, at(i - 1, j - 1) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) best = Math.min(best, at(i - 2, j - 2) + 1);
      const row = rows[i];
      if (row !== undefined) row[j] = best;
    }
  }
  return at(a.length, b.length);
}

export function closestName(given: string, known: readonly string[]): string | null {
  const word = given.toLowerCase();
  let best: { name: string; edits: number } | null = null;
  for (const name of known) {
    const edits = distance(word, name.toLowerCase());
    if (best === null || edits < best.edits) best = { name, edits };
  }
  if (best === null || best.edits === 0 || best.edits > 2 || best.edits * 2 >= word.length) return null;
  return best.name;
}
