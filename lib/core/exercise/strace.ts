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

function parseCall(pid: number, time: number, text: string): SyscallEvent | null {
  const match = RESULT.exec(text);
  if (match === null) return null;
  const [, name = '', args = '', rawRet = '', tail = ''] = match;
  const ret = rawRet === '?' ? null : Number(rawRet);
  const retPath = /^<(.*)>/.exec(tail)?.[1] ?? null;
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

/** Splits strace's argument text at top-level commas (outside quotes, brackets and braces). */
export function splitArgs(args: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let quoted = false;
  let current = '';
  for (let i = 0; i < args.length; i += 1) {
    const char = args[i] ?? '';
    if (quoted) {
      current += char;
      if (char === '\\') {
        current += args[i + 1] ?? '';
        i += 1;
      } else if (char === '"') quoted = false;
      continue;
    }
    if (char === '"') quoted = true;
    else if (char === '[' || char === '{' || char === '(' || char === '<') depth += 1;
    else if (char === ']' || char === '}' || char === ')' || char === '>') depth -= 1;
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

/**
 * The value of a quoted strace string ("a\x41b" → aAb; "\303\251" → é); null when the argument is
 * not a string. strace prints a file name's bytes, escaped or (read as latin1) one character a byte:
 * both are collected as bytes and decoded as UTF-8, as Node decodes the names it lists.
 */
export function cString(arg: string | undefined): string | null {
  if (arg === undefined) return null;
  const match = /^"((?:[^"\\]|\\.)*)"/s.exec(arg);
  if (match === null) return null;
  const text = match[1] ?? '';
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
  return UTF8.decode(new Uint8Array(bytes));
}

/** The path strace -y shows for a descriptor argument (`3</tmp>`, `AT_FDCWD</work>`), or null. */
export function descriptorPath(arg: string | undefined): string | null {
  if (arg === undefined) return null;
  return /^[\w-]+<(.*)>$/.exec(arg)?.[1] ?? null;
}
