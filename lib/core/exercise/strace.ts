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

/** Parses a whole trace; lines that are not system calls (signals, exits) are skipped. */
export function parseStrace(text: string): SyscallEvent[] {
  const events: SyscallEvent[] = [];
  const pending = new Map<number, { time: number; head: string }>();
  for (const raw of text.split('\n')) {
    const head = HEAD.exec(raw);
    if (head === null) continue;
    const pid = Number(head[1]);
    const time = Number(head[2]);
    let body = head[3] ?? '';
    if (body.startsWith('---') || body.startsWith('+++')) continue;
    if (body.endsWith(UNFINISHED)) {
      pending.set(pid, { time, head: body.slice(0, -UNFINISHED.length) });
      continue;
    }
    const resumed = RESUMED.exec(body);
    let start = time;
    if (resumed !== null) {
      const opened = pending.get(pid);
      pending.delete(pid);
      if (opened === undefined) continue;
      body = opened.head + (resumed[2] ?? '');
      start = opened.time;
    }
    const event = parseCall(pid, start, body);
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

const ESCAPES: Record<string, string> = { n: '\n', t: '\t', r: '\r', v: '\v', f: '\f', '"': '"', '\\': '\\' };

/** The value of a quoted strace string ("a\x41b" → aAb); null when the argument is not a string. */
export function cString(arg: string | undefined): string | null {
  if (arg === undefined) return null;
  const match = /^"((?:[^"\\]|\\.)*)"/s.exec(arg);
  if (match === null) return null;
  return (match[1] ?? '').replace(/\\(x[0-9a-fA-F]{2}|[0-7]{1,3}|.)/g, (_all, code: string) => {
    if (code.startsWith('x')) return String.fromCharCode(parseInt(code.slice(1), 16));
    if (/^[0-7]+$/.test(code)) return String.fromCharCode(parseInt(code, 8));
    return ESCAPES[code] ?? code;
  });
}

/** The path strace -y shows for a descriptor argument (`3</tmp>`, `AT_FDCWD</work>`), or null. */
export function descriptorPath(arg: string | undefined): string | null {
  if (arg === undefined) return null;
  return /^[\w-]+<(.*)>$/.exec(arg)?.[1] ?? null;
}
