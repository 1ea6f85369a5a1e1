/**
 * Splits a one-line command the way a POSIX shell splits words, without running a shell: single
 * quotes keep everything literally, double quotes keep spaces and honour \" \\ \$ \`, a backslash
 * outside quotes escapes the next character. Nothing is expanded ($VAR, ~, globs) and operators
 * (| && ; > <) are not interpreted: the server is started directly, never through a shell.
 * joinCommandLine is the way back (words quoted so that splitCommandLine returns them unchanged);
 * commandLineText is a stdio target's command line as a consent dialog shows it.
 */

export type SplitResult = { ok: true; words: string[]; warnings: string[] } | { ok: false; error: string };

const OPERATOR = /^(\|\|?|&&?|;|>>?|<)$/;

export function splitCommandLine(line: string): SplitResult {
  const words: string[] = [];
  const warnings: string[] = [];
  let current = '';
  let inWord = false;
  let quote: "'" | '"' | null = null;
  let expandable = false;
  for (let i = 0; i < line.length; i++) {
    const ch = line.charAt(i);
    if (quote === "'") {
      if (ch === "'") quote = null;
      else current += ch;
      continue;
    }
    if (quote === '"') {
      if (ch === '"') quote = null;
      else if (ch === '\\' && i + 1 < line.length && '"\\$`'.includes(line.charAt(i + 1))) current += line.charAt(++i);
      else {
        if (ch === '$' || ch === '`') expandable = true;
        current += ch;
      }
      continue;
    }
    if (ch === "'" || ch === '"') {
      quote = ch;
      inWord = true;
    } else if (ch === '\\') {
      if (i + 1 < line.length) current += line.charAt(++i);
      inWord = true;
    } else if (/\s/.test(ch)) {
      if (inWord) words.push(current);
      current = '';
      inWord = false;
    } else {
      if (ch === '$' || ch === '`' || (ch === '~' && !inWord)) expandable = true;
      current += ch;
      inWord = true;
    }
  }
  if (quote !== null) return { ok: false, error: `Unterminated ${quote === "'" ? 'single' : 'double'} quote.` };
  if (inWord) words.push(current);
  if (words.some((word) => OPERATOR.test(word))) {
    warnings.push('Shell operators (| && ; > <) are passed as plain arguments: the server is started without a shell.');
  }
  if (expandable)
    warnings.push('$VARIABLES, ~ and `commands` are not expanded: the server is started without a shell.');
  return { ok: true, words, warnings };
}

const SAFE_WORD = /^[A-Za-z0-9_@%+=:,./-]+$/;

/** Quotes words so that splitCommandLine gives them back unchanged. */
export function joinCommandLine(words: readonly string[]): string {
  return words.map((word) => (SAFE_WORD.test(word) ? word : `'${word.replaceAll("'", `'\\''`)}'`)).join(' ');
}

/** A stdio target's command line, as the consent dialog shows it (and the playground checks it against). */
export function commandLineText(target: { command: string; args?: readonly string[] | undefined }): string {
  return joinCommandLine([target.command, ...(target.args ?? [])]);
}
