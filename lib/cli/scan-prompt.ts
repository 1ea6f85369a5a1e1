/**
 * The consent question of `scan` ("audit which servers?"), answered on a terminal or through a
 * pipe (`printf '1,3\n' | mcp-hintcheck scan`). Nothing is launched without an answer: stdin that
 * ends (or stays silent for ten minutes) before one, an empty line from a pipe, or an answer that
 * names no listed server is an error that says what was wrong and what to type.
 */
import type { ServerListing } from '../core/config/entry';
import { parseChoice } from './scan-args';
import { terminalSafe } from './print/terminal';

export const ANSWER_TIMEOUT_MS = 10 * 60_000;
/** At most this many servers are spelled out in the list of valid numbers. */
const LISTED = 30;

export interface PromptIo {
  stderr: NodeJS.WritableStream;
  stdin: NodeJS.ReadableStream & { isTTY?: boolean };
}

/** The ids chosen (possibly none), or why there is no usable answer (the caller exits 2). */
export type Choice = { kind: 'chosen'; ids: string[] } | { kind: 'refused'; message: string; hint: string };

export type Answer = { kind: 'line'; text: string } | { kind: 'end' } | { kind: 'timeout' };

/** One line from stdin (without its line break), or that it ended or the time ran out first. */
export function readAnswer(stdin: NodeJS.ReadableStream, timeoutMs: number): Promise<Answer> {
  return new Promise((resolve) => {
    let text = '';
    const finish = (answer: Answer): void => {
      clearTimeout(timer);
      stdin.off('data', onData);
      stdin.off('end', onEnd);
      stdin.off('error', onEnd);
      stdin.pause();
      resolve(answer);
    };
    const onData = (chunk: Buffer | string): void => {
      text += chunk.toString();
      const newline = text.indexOf('\n');
      if (newline !== -1) finish({ kind: 'line', text: text.slice(0, newline) });
    };
    // A last line without a line break is still an answer.
    const onEnd = (): void => {
      finish(text === '' ? { kind: 'end' } : { kind: 'line', text });
    };
    const timer = setTimeout(() => {
      finish({ kind: 'timeout' });
    }, timeoutMs);
    stdin.on('data', onData);
    stdin.once('end', onEnd);
    stdin.once('error', onEnd);
    stdin.resume();
  });
}

/** "1 name, 2 other (disabled), ...": what each valid number stands for. */
export function validNumbers(servers: readonly Pick<ServerListing, 'name' | 'disabled'>[]): string {
  const shown = servers
    .slice(0, LISTED)
    .map((server, i) => `${i + 1} ${terminalSafe(server.name, 40)}${server.disabled ? ' (disabled)' : ''}`);
  const more = servers.length > LISTED ? `, ... ${servers.length}` : '';
  return `${servers.length === 1 ? '1' : `1-${servers.length}`} (${shown.join(', ')}${more})`;
}

function help(servers: readonly ServerListing[], enabled: number): string {
  return `type y (all ${enabled} enabled), n (none), or numbers and ranges like 1,3-5. Valid numbers: ${validNumbers(servers)}.`;
}

/**
 * What "all" leaves out (`held`: a project's entry that changes which program runs, by id, with
 * why; lib/core/config/risky.ts startOnlyByName), and how to choose each by number; '' when none.
 */
export function heldBackNote(
  servers: readonly ServerListing[],
  held: ReadonlyMap<string, string>,
  how: string,
): string {
  const lines = servers.flatMap((server, i) => {
    const why = held.get(server.id);
    return why === undefined ? [] : [`  ${i + 1} ${terminalSafe(server.name, 80)}: ${terminalSafe(why, 300)}\n`];
  });
  if (lines.length === 0) return '';
  const numbers = servers.flatMap((server, i) => (held.has(server.id) ? [String(i + 1)] : [])).join(',');
  return `${how} leaves out ${lines.length === 1 ? 'a server that changes' : `${lines.length} servers that change`} which program or code its launch runs (from a project's file):\n${lines.join('')}  To audit ${lines.length === 1 ? 'it' : 'them'}, choose by number after reading the file: printf '${numbers}\\n' | mcp-hintcheck scan ...\n`;
}

/**
 * Asks which of `servers` to audit and reads the answer. "y" means every enabled server but those
 * `held` back (they start only when named); numbers name servers explicitly, disabled and held ones
 * included; "n" (or Enter on a terminal) means none.
 */
export async function askChoice(
  servers: readonly ServerListing[],
  io: PromptIo,
  timeoutMs = ANSWER_TIMEOUT_MS,
  held: ReadonlyMap<string, string> = new Map(),
): Promise<Choice> {
  const enabled = servers.filter((server) => !server.disabled && !held.has(server.id));
  const terminal = io.stdin.isTTY === true;
  const except = held.size === 0 ? '' : ` (not ${held.size} that change which program runs: name those by number)`;
  io.stderr.write(
    `\nAudit which servers? [y = all ${enabled.length} enabled${except}, n = none, or numbers like 1,3-5]: `,
  );
  const read = await readAnswer(io.stdin, timeoutMs);
  const answer = read.kind === 'line' ? read.text : null;
  // A piped answer is not echoed by a terminal: show it, so the log reads like the session.
  if (!terminal) io.stderr.write(`${answer === null ? '' : terminalSafe(answer.trim(), 80)}\n`);
  const refuse = (what: string): Choice => ({
    kind: 'refused',
    message: `${what}; nothing launched.`,
    hint: `${help(servers, enabled.length)}${terminal ? '' : ' From a script: printf "1,3\\n" | mcp-hintcheck scan ..., or --yes for all.'}`,
  });
  if (read.kind === 'end') return refuse('stdin ended without an answer');
  if (read.kind === 'timeout') {
    const within = timeoutMs >= 60_000 ? `${Math.round(timeoutMs / 60_000)} minutes` : `${timeoutMs} ms`;
    return refuse(`no answer within ${within}`);
  }
  if (answer === null || (answer.trim() === '' && !terminal)) return refuse('stdin gave an empty line, not an answer');
  const choice = parseChoice(answer, servers.length);
  if (typeof choice === 'string')
    return refuse(`the answer "${terminalSafe(answer.trim(), 40)}" is not usable: ${choice}`);
  const all = /^\s*(?:y|yes|a|all)\s*$/i.test(answer);
  if (all) io.stderr.write(heldBackNote(servers, held, 'The answer "all"'));
  const ids = all ? enabled.map((server) => server.id) : choice.flatMap((n) => servers[n - 1]?.id ?? []);
  return { kind: 'chosen', ids };
}
