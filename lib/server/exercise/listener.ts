/**
 * The exercise's loopback listener inside the sandbox (issue 34): steered URL and port arguments
 * point at 127.0.0.1:LISTENER_PORT (arguments.ts), so something must answer there, in the sandbox's
 * own network namespace (it has a loopback and nothing else). A small launcher, the sandbox's first
 * program, starts the listener (servers/loopback-listener/listener.mjs, built to
 * dist/loopback-listener.mjs) in the background, waits until it listens (it closes its output once
 * it does, which ends the command substitution; one that fails to start closes it too), and then
 * becomes the server (`exec`), so no call can come before the listener is there (issue 47):
 *
 *   /bin/sh -c ': "$("$1" "$2" "$3" fd:3 </dev/null 2>/dev/null &)"; shift 3; exec 3>&-; exec "$@"' …
 *
 * The listener writes what it receives to fd 3, a file on the host (the sandbox's folders never
 * see it, so no snapshot counts it); the server gets neither fd 3 nor the listener's output. The
 * listener's own process is left out of the trace's effects (trace.ts: the one process that
 * executed exactly this command line), so nothing it does is any tool's. What it received during a
 * call is added to that call's connect effect (`sent`), redacted: "what would have been sent" is
 * evidence too. Without a built listener (a source checkout before `npm run build:cli`) the server
 * starts as before and a steered URL reaches nothing.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { CallWindow } from '../../core/exercise/attribute';
import type { Effect } from '../../core/exercise/schema';
import type { Redactor } from '../redact';

export const LISTENER_FILE = 'loopback-listener.mjs';
/** The loopback listener's port inside the sandbox: unprivileged, not one browsers or fetch refuse (9 is). */
export const LISTENER_PORT = 47_113;

export interface SandboxListener {
  /** The node that runs it (this process's own), its script, its port, and the host file fd 3 writes. */
  node: string;
  script: string;
  port: number;
  logPath: string;
}

/** dist/loopback-listener.mjs of the package (HINTCHECK_ROOT, set by the CLI's entry and the dashboard) or of the working folder. */
export function listenerScript(env: Readonly<Record<string, string | undefined>>): string | null {
  for (const root of [env.HINTCHECK_ROOT, process.cwd()]) {
    if (root === undefined || root === '') continue;
    const file = path.join(root, 'dist', LISTENER_FILE);
    if (existsSync(file)) return file;
  }
  return null;
}

const LAUNCHER = ': "$("$1" "$2" "$3" fd:3 </dev/null 2>/dev/null &)"; shift 3; exec 3>&-; exec "$@"';

/** The words after bubblewrap's `--`: the launcher, then the server's command and arguments. */
export function launcherWords(listener: SandboxListener, command: string, args: readonly string[]): string[] {
  return [
    '/bin/sh',
    '-c',
    LAUNCHER,
    'hintcheck-launcher',
    listener.node,
    listener.script,
    String(listener.port),
    command,
    ...args,
  ];
}

/** The argument list strace prints for the listener's execve (the one process trace.ts leaves out). */
export function listenerExecArgs(listener: Pick<SandboxListener, 'node' | 'script' | 'port'>): string {
  return `[${[listener.node, listener.script, String(listener.port), 'fd:3'].map((word) => JSON.stringify(word)).join(', ')}]`;
}

export interface ListenerRecord {
  at: number;
  method: string;
  url: string;
  bytes: number;
  body: string;
}

/** The listener's log, one JSON line per request; a line that does not parse (cut at the end) is skipped. */
export function readListenerLog(file: string): ListenerRecord[] {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return [];
  }
  const records: ListenerRecord[] = [];
  for (const line of text.split('\n')) {
    try {
      const value = JSON.parse(line) as Partial<ListenerRecord>;
      if (typeof value.at === 'number' && typeof value.method === 'string' && typeof value.url === 'string')
        records.push({
          at: value.at,
          method: value.method,
          url: value.url,
          bytes: typeof value.bytes === 'number' ? value.bytes : 0,
          body: typeof value.body === 'string' ? value.body : '',
        });
    } catch {
      // An empty or half-written line.
    }
  }
  return records;
}

const EXCERPT = 80;
const SHOWN = 3;

function described(record: ListenerRecord, redactor: Redactor): string {
  const body =
    record.body === ''
      ? ''
      : `: ${JSON.stringify(record.body.slice(0, EXCERPT))}${record.body.length > EXCERPT ? '…' : ''}`;
  const url = JSON.stringify(record.url.slice(0, EXCERPT)).slice(1, -1);
  return redactor.text(`${record.method.slice(0, 16)} ${url}, ${record.bytes} bytes${body}`);
}

/** Whether an effect is a connection to the listener (its port, on the loopback). */
const toListener = (effect: Effect, port: number): boolean =>
  effect.kind === 'connect' && effect.target.endsWith(`:${port}`) && /^(127\.|\[?::1)/.test(effect.target);

/**
 * Adds to each call's connections to the listener what it received in that call's window: each
 * request to the connection made last before it (the listener closes every connection after one
 * answer, so each request has a connect of its own, issue 47); one before the first, to the first.
 */
export function withSent(
  calls: Map<number, { effects: Effect[] }>,
  windows: readonly CallWindow[],
  records: readonly ListenerRecord[],
  port: number,
  redactor: Redactor,
): void {
  if (records.length === 0) return;
  for (const window of windows) {
    const call = calls.get(window.id);
    if (call === undefined) continue;
    const received = records.filter((record) => record.at >= window.requestedAt && record.at <= window.settledAt);
    const connects = call.effects.filter((effect) => toListener(effect, port)).sort((a, b) => a.atMs - b.atMs);
    if (received.length === 0 || connects.length === 0) continue;
    const mine = new Map<Effect, ListenerRecord[]>(connects.map((effect) => [effect, []]));
    for (const record of received) {
      const made = connects.filter((effect) => window.requestedAt + effect.atMs <= record.at);
      const owner = made.at(-1) ?? connects[0];
      if (owner !== undefined) mine.get(owner)?.push(record);
    }
    call.effects = call.effects.map((effect) => {
      const got = mine.get(effect) ?? [];
      if (got.length === 0) return effect;
      const text = got.slice(0, SHOWN).map((record) => described(record, redactor));
      if (got.length > SHOWN) text.push(`${got.length - SHOWN} more`);
      return { ...effect, sent: text.join('; ') };
    });
  }
}
