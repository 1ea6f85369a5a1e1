/**
 * The name a lookup asked for (issue 47): the exercise's sandbox sends every lookup to a resolver on
 * its own loopback (lib/server/exercise/sandbox.ts binds a resolv.conf naming 127.0.0.1), where
 * nothing answers, so the query itself is sent and traced (sendto, sendmsg, sendmmsg) and its
 * question names the host: "looked up api.example.com", where the connect alone named only the
 * resolver. Read from the traced bytes as a DNS query (RFC 1035 §4.1: a query, one question, no
 * answers, class IN); a name of letters, digits, `-` and `_` only, so nothing else passes for one.
 */
import { escapedBytes, type SyscallEvent } from './strace';

const SENDS: ReadonlySet<string> = new Set(['sendto', 'sendmsg', 'sendmmsg']);
const HEADER = 12;
const LABEL = /^[A-Za-z0-9_-]{1,63}$/;

/** The question's name of a DNS query's bytes, or null when they are not one. */
export function questionName(bytes: readonly number[]): string | null {
  const at = (i: number): number => bytes[i] ?? -1;
  const word = (i: number): number => at(i) * 256 + at(i + 1);
  // QR 0 and opcode 0 (a standard query), one question, no answer or authority records.
  if (bytes.length < HEADER + 5 || (at(2) & 0xf8) !== 0 || word(4) !== 1 || word(6) !== 0 || word(8) !== 0) return null;
  const labels: string[] = [];
  let i = HEADER;
  while (at(i) > 0) {
    const length = at(i);
    const label = String.fromCharCode(...bytes.slice(i + 1, i + 1 + length));
    if (length > 63 || !LABEL.test(label)) return null;
    labels.push(label);
    i += 1 + length;
  }
  if (at(i) !== 0 || labels.length === 0 || word(i + 3) !== 1) return null;
  return labels.join('.');
}

/** The name a traced send asked the resolver for, or null when it sent no DNS query. */
export function queriedName(event: Pick<SyscallEvent, 'name' | 'args'>): string | null {
  if (!SENDS.has(event.name)) return null;
  const buffer =
    event.name === 'sendto'
      ? /^[^,]*,\s*"((?:[^"\\]|\\.)*)"/s.exec(event.args)?.[1]
      : /iov_base="((?:[^"\\]|\\.)*)"/s.exec(event.args)?.[1];
  return buffer === undefined ? null : questionName(escapedBytes(buffer));
}
