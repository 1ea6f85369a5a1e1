/**
 * A program's argument words from its exec's evidence line (`execve("/usr/bin/kubectl", ["kubectl",
 * "get", "pods"], …)`), after the program's own name: what tells one command from another when
 * every tool runs the same program (issue 47). A line cut at the evidence cap keeps the words before
 * the cut.
 */
import { cString, splitArgs } from './strace';

/** The words after argv[0], unescaped; none when the line holds no argument list. */
export function execWords(evidence: string): string[] {
  const call = /\bexecve(at)?\((.*)$/s.exec(evidence);
  if (call === null) return [];
  const parts = splitArgs(call[2] ?? '');
  const list = /^\[(.*?)\]?$/s.exec(parts[call[1] === undefined ? 1 : 2] ?? '')?.[1];
  if (list === undefined) return [];
  return splitArgs(list)
    .map((word) => cString(word))
    .filter((word): word is string => word !== null)
    .slice(1);
}
