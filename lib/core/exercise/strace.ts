/**
 * Reading `strace -f -ttt -y` output (strace(1): -f follow forks, -ttt epoch timestamps, -y paths
 * of file descriptors): one event per completed system call, an `<unfinished ...>` line joined with
 * its `<... resumed>` continuation, signals and exit notes skipped.
 */

export interface SyscallEvent {
  pid: number;
  /** Seconds since the epoch (strace -ttt). */
  time: number;
  name: string;
  /** The argument text between the parentheses, as strace printed it. */
  args: string;
  /** The return value, or null when strace printed "?". */
  ret: number | null;
  /** The path strace appended to a returned descriptor (`= 3</tmp/x>`), or null. */
  retPath: string | null;
  /** The error name of a failed call (ENOENT), or null. */
  errno: string | null;
  /** The whole call as one line (joined when it was split). */
  line: string;
}

const HEAD = /^(\d+)\s+(\d+\.\d+)\s+(.*)$/;
const RESUMED = /^<\.\.\. (\w+) resumed>(.*)$/;
const UNFINISHED = ' <unfinished ...>';
const RESULT = /^(\w+)\((.*)\)\s+=\s+(-?\d+|\?|0x[0-9a-f]+)(.*)$/s;
const CALL = /^(\w+)\(/;
const RETURNED = /^\)\s+=\s+(-?\d+|\?|0x[0-9a-f]+)(.*)$/s;

/**
 * The call's name, arguments, result and what follows it. The arguments end at the first closing
 * parenthesis outside quotes, brackets and annotations: a file name in the returned descriptor's
 * annotation (`= 3</tmp/x) = 5>`) cannot pass for the result. A line cut in its middle (trace.ts)
 * falls back to the last `) = `.
 */
function callParts(text: string): [string, string, string, string] | null {
  const name = CALL.exec(text)?.[1];
  if (name !== undefined) {
    const close = closingParen(text, name.length + 1);
    const returned = close === -1 ? null : RETURNED.exec(text.slice(close));
    if (returned !== null) return [name, text.slice(name.length + 1, close), returned[1] ?? '', returned[2] ?? ''];
  }
  const match = RESULT.exec(text);
  return match === null ? null : [match[1] ?? '', match[2] ?? '', match[3] ?? '', match[4] ?? ''];
}

/**
 * The index of the `)` that closes the parenthesis opened just before `from`, outside quotes,
 * nesting and annotations; -1 when none. An annotation (`3</tmp/x>`) ends at its `>` (strace
 * escapes `<` and `>` in the name), whatever else the name holds.
 */
function closingParen(text: string, from: number): number {
  let depth = 0;
  for (let i = from; i < text.length; i = skipped(text, i) + 1) {
    const char = text[i];
    if (char === ')' && depth === 0) return i;
    if (char === '[' || char === '{' || char === '(') depth += 1;
    else if (char === ']' || char === '}' || char === ')') depth -= 1;
  }
  return -1;
}

/** Where a quoted string or an annotation starting at `i` ends (its closing `"` or `>`), else `i`. */
function skipped(text: string, i: number): number {
  if (text[i] === '<') {
    const end = text.indexOf('>', i);
    return end === -1 ? text.length : end;
  }
  if (text[i] !== '"') return i;
  for (let j = i + 1; j < text.length; j += 1) {
    if (text[j] === '\\') j += 1;
    else if (text[j] === '"') return j;
  }
  return text.length;
}

function parseCall(pid: number, time: number, text: string): SyscallEvent | null {
  const parts = callParts(text);
  if (parts === null) return null;
  const [name, args, rawRet, tail] = parts;
  const ret = rawRet === '?' ? null : Number(rawRet);
  const annotation = /^<(.*)>/.exec(tail)?.[1];
  const retPath = annotation === undefined ? null : unescapeName(annotation);
  const errno = /^\s+(E[A-Z0-9]+)\b/.exec(tail)?.[1] ?? null;
  return { pid, time, name, args, ret, retPath, errno, line: `${pid} ${name}(${args}) = ${rawRet}${tail}` };
}

/** Reads a trace line by line (it is streamed, never held whole): each completed call once. */
export class StraceReader {
  private readonly pending = new Map<number, { time: number; head: string }>();

  /** The event a line completes, or null (a signal, an exit, an unfinished call). */
  line(raw: string): SyscallEvent | null {
    const head = HEAD.exec(raw);
    if (head === null) return null;
    const pid = Number(head[1]);
    const time = Number(head[2]);
    let body = head[3] ?? '';
    if (body.startsWith('---') || body.startsWith('+++')) return null;
    if (body.endsWith(UNFINISHED)) {
      this.pending.set(pid, { time, head: body.slice(0, -UNFINISHED.length) });
      return null;
    }
    const resumed = RESUMED.exec(body);
    let start = time;
    if (resumed !== null) {
      const opened = this.pending.get(pid);
      this.pending.delete(pid);
      if (opened === undefined) return null;
      body = opened.head + (resumed[2] ?? '');
      start = opened.time;
    }
    return parseCall(pid, start, body);
  }
}

/** Parses a whole trace (tests, small traces); lines that are not system calls are skipped. */
export function parseStrace(text: string): SyscallEvent[] {
  const reader = new StraceReader();
  const events: SyscallEvent[] = [];
  for (const raw of text.split('\n')) {
    const event = reader.line(raw);
    if (event !== null) events.push(event);
  }
  return events;
}

/** Splits strace's argument text at top-level commas (outside quotes, annotations, brackets and braces). */
export function splitArgs(args: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let current = '';
  for (let i = 0; i < args.length; i += 1) {
    const char = args[i] ?? '';
    if (char === '"' || char === '<') {
      const end = skipped(args, i);
      current += args.slice(i, end + 1);
      i = end;
      continue;
    }
    if (char === '[' || char === '{' || char === '(') depth += 1;
    else if (char === ']' || char === '}' || char === ')') depth -= 1;
    else if (char === ',' && depth === 0) {
      parts.push(current.trim());
      current = '';
      continue;
    }
    current += char;
  }
  if (current.trim() !== '') parts.push(current.trim());
  return parts;
}

const ESCAPES: Record<string, number> = { n: 10, t: 9, r: 13, v: 11, f: 12, '"': 34, '\\': 92 };
const UTF8 = new TextDecoder('utf-8');
const ENCODER = new TextEncoder();

/** The bytes of a string as strace printed it, its escapes undone (what unescapeName decodes). */
export function escapedBytes(text: string): number[] {
  const bytes: number[] = [];
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i] ?? '';
    if (char !== '\\') {
      const code = char.charCodeAt(0);
      if (code <= 0xff) bytes.push(code);
      else bytes.push(...ENCODER.encode(char));
      continue;
    }
    const rest = text.slice(i + 1);
    const hex = /^x([0-9a-fA-F]{2})/.exec(rest);
    const oct = /^([0-7]{1,3})/.exec(rest);
    if (hex !== null) {
      bytes.push(parseInt(hex[1] ?? '0', 16));
      i += 3;
    } else if (oct !== null) {
      bytes.push(parseInt(oct[1] ?? '0', 8));
      i += (oct[1] ?? '').length;
    } else {
      const next = rest[0] ?? '';
      bytes.push(ESCAPES[next] ?? next.charCodeAt(0));
      i += 1;
    }
  }
  return bytes;
}

/**
 * A name as strace printed it, its escapes undone (`caf\303\251` → café, `\74` → <, `\n` → a newline).
 * strace prints a file name's bytes the same way in a quoted argument and in a `-y` annotation
 * (`3</tmp/caf\303\251>`, where `<` and `>` are escaped too), escaped or (read as latin1) one
 * character a byte: both are collected as bytes and decoded as UTF-8, as Node decodes the names it
 * lists (an invalid sequence becomes U+FFFD, as in the snapshot's listing), so one file has one name.
 */
export function unescapeName(text: string): string {
  return UTF8.decode(new Uint8Array(escapedBytes(text)));
}

/** The value of a quoted strace string ("a\x41b" → aAb; "\303\251" → é); null when the argument is not a string. */
export function cString(arg: string | undefined): string | null {
  if (arg === undefined) return null;
  const match = /^"((?:[^"\\]|\\.)*)"/s.exec(arg);
  return match === null ? null : unescapeName(match[1] ?? '');
}

/** The path strace -y shows for a descriptor argument (`3</tmp>`, `AT_FDCWD</work>`), decoded like an argument's, or null. */
export function descriptorPath(arg: string | undefined): string | null {
  if (arg === undefined) return null;
  const shown = /^[\w-]+<(.*)>$/.exec(arg)?.[1];
  return shown === undefined ? null : unescapeName(shown);
}
