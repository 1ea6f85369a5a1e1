/**
 * Reading a failed server's stderr: which lines explain the failure (an error line can sit above a
 * long stack trace, so "the last five lines" would drop it), and which environment variables it
 * says are missing, so the dashboard can offer to add them. Heuristics on free text written by the
 * server: they point at a line, they do not parse the server's meaning.
 */

const EXPLAINS =
  /\b(?:error|cannot|can't|could not|couldn't|failed|missing|required|not set|not found|no such|undefined|denied|invalid|must be|expected)\b/i;
const STACK_FRAME = /^\s+at\s|^\s*\^+\s*$|^\s*node:internal|^Node\.js v\d/;

/**
 * The last `count` lines worth reading: lines that explain (error, cannot, missing, required, …)
 * are kept before stack frames and decoration; the result keeps the original order.
 */
export function explainingLines(text: string, count = 5): string[] {
  const lines = text
    .split(/\r?\n/)
    .map((line) => line.trimEnd())
    .filter((line) => line.trim() !== '');
  const scored = lines.map((line, index) => ({
    line,
    index,
    weight: EXPLAINS.test(line) ? 2 : STACK_FRAME.test(line) ? 0 : 1,
  }));
  const chosen = [...scored]
    .sort((a, b) => b.weight - a.weight || b.index - a.index)
    .slice(0, count)
    .sort((a, b) => a.index - b.index);
  return chosen.map((entry) => entry.line);
}

const VARIABLE = /\b([A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+)\b/g;
const MISSING =
  /\b(?:missing|required|not set|not defined|undefined|must be set|must be provided|is empty|no value|please set|set the)\b/i;

/**
 * Environment variable names the stderr says are missing: UPPER_SNAKE names (with at least one
 * underscore) on a line that also says missing, required, not set, …, in order of appearance.
 */
export function missingVariableNames(text: string): string[] {
  const names: string[] = [];
  for (const line of text.split(/\r?\n/)) {
    if (!MISSING.test(line)) continue;
    for (const match of line.matchAll(VARIABLE)) {
      const name = match[1];
      if (name !== undefined && !names.includes(name) && !/^(?:ERR|E)_/.test(name)) names.push(name);
    }
  }
  return names.slice(0, 10);
}
