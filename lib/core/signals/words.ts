/** Small helpers the signal rules share: a tool name read as words. */

/** A tool name as words: run_code, runCode and run-code all read "run code". */
export function nameWords(name: string): string {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_.\-/]+/g, ' ')
    .toLowerCase();
}
