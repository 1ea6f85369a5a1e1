/**
 * A parseArgs failure said in the CLI's own words: the option named once, in plain quotes, the
 * nearest known option when it looks like a typo, and the advice that fits this CLI (Node's message
 * suggests putting the word after `--`, which here would make it part of the server's command line).
 * Also the "did you mean" for a mistyped command. Light: main.ts loads it before any server starts.
 */
import { closestName } from '../core/closest-name';
import { AuditError } from '../server/errors';
import { terminalSafe } from './print/terminal';

const HELP = 'Run mcp-hintcheck --help for usage.';

/** Every command of the CLI (bin/mcp-hintcheck.cjs handles dashboard; main.ts the rest). */
export const COMMANDS = [
  'audit',
  'oauth',
  'scan',
  'contract',
  'verify',
  'history',
  'doctor',
  'call',
  'dashboard',
] as const;

export function usageError(message: string, hint = HELP): AuditError {
  return new AuditError('bad-input', message, { hint });
}

/** The error for what parseArgs threw, given the command's option names (without dashes). */
export function argsProblem(error: unknown, optionNames: readonly string[], command: string): AuditError {
  const code = (error as { code?: unknown } | null)?.code;
  const message = error instanceof Error ? error.message : '';
  const option = /^(?:Unknown option|Option) '([^' ]+)/.exec(message)?.[1];
  if (option === undefined) return usageError(terminalSafe(message.split('\n')[0] ?? 'Bad arguments.', 200));
  const shown = terminalSafe(option, 80);
  if (code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') {
    const near = closestName(option.replace(/^-+/, ''), optionNames);
    return usageError(
      `Unknown option ${shown} for ${command}.${near === null ? '' : ` Did you mean --${near}?`}`,
      `Run mcp-hintcheck ${command} --help for its options. An option meant for the server goes after -- with its command: mcp-hintcheck ${command} -- node server.js ${shown}`,
    );
  }
  if (message.includes('argument missing')) return usageError(`${shown} needs a value, as in ${shown} VALUE.`);
  if (message.includes('does not take an argument')) return usageError(`${shown} is a switch: it takes no value.`);
  return usageError(terminalSafe(message.split('\n')[0] ?? 'Bad arguments.', 200));
}

/** The message for a word that is not a command, with the nearest command when it looks like a typo. */
export function unknownCommand(word: string): AuditError {
  const near = closestName(word, COMMANDS);
  return usageError(
    `Unknown command "${terminalSafe(word, 80)}".${near === null ? '' : ` Did you mean ${near}?`} The commands are ${COMMANDS.slice(0, -1).join(', ')} and ${COMMANDS.at(-1) ?? ''}.`,
  );
}
