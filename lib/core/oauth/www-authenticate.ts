/** The WWW-Authenticate header (RFC 9110 §11.6.1, RFC 6750 §3): challenges and their auth-params. */

import { TOKEN_CHAR } from '../names';

export interface Challenge {
  scheme: string;
  params: Record<string, string>;
}

/** Parses a WWW-Authenticate value into its challenges (RFC 9110 §11.6.1: scheme, then auth-params). */
export function parseWwwAuthenticate(value: string): Challenge[] {
  const challenges: Challenge[] = [];
  const at = (index: number): string => value.charAt(index);
  let current: Challenge | null = null;
  let i = 0;
  const skip = (chars: string): void => {
    while (i < value.length && chars.includes(at(i))) i++;
  };
  while (i < value.length) {
    skip(' \t,');
    const start = i;
    while (i < value.length && TOKEN_CHAR.test(at(i))) i++;
    const name = value.slice(start, i);
    if (name === '') {
      i++;
      continue;
    }
    let next = i;
    while (at(next) === ' ' || at(next) === '\t') next++;
    if (current !== null && at(next) === '=' && at(next + 1) !== '=') {
      i = next + 1;
      skip(' \t');
      let param = '';
      if (at(i) === '"') {
        i++;
        while (i < value.length && at(i) !== '"') {
          if (at(i) === '\\') i++;
          param += at(i);
          i++;
        }
        i++;
      } else {
        const from = i;
        while (i < value.length && at(i) !== ',' && at(i) !== ' ') i++;
        param = value.slice(from, i);
      }
      current.params[name.toLowerCase()] = param;
    } else {
      current = { scheme: name, params: {} };
      challenges.push(current);
      i = next;
    }
  }
  return challenges;
}
