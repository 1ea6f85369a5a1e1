/**
 * The exercise options of `audit` (issue 23): `--exercise [checkable|all]` (the mode word is
 * optional, so it is taken out of argv before parseArgs sees it; errors are made by args.ts's usageError), `--yes` (consent given on the
 * command line) and `--calls FILE` (arguments per tool). Exercise applies to stdio servers only.
 */
import { closestName } from '../core/closest-name';
import { readCallsFile, type CallsGiven } from './calls-file';
import { terminalSafe } from './print/terminal';
import { EXERCISE_MODES, type ExerciseMode } from '../core/exercise/modes';

export interface ExerciseOption {
  mode: ExerciseMode;
  /** --yes: call without asking. */
  yes: boolean;
  /** --calls FILE, read and checked when the arguments are parsed (lib/cli/calls-file.ts), or null. */
  calls: CallsGiven | null;
}

/** argv without `--exercise [mode]` (before any `--`), and the mode asked for, or null. */
export function takeExercise(
  argv: readonly string[],
  usageError: (message: string) => Error,
): { argv: string[]; mode: ExerciseMode | null } {
  const rest: string[] = [];
  let mode: ExerciseMode | null = null;
  for (let i = 0; i < argv.length; i += 1) {
    const word = argv[i] ?? '';
    if (word === '--') {
      rest.push(...argv.slice(i));
      break;
    }
    if (word === '--exercise' || word.startsWith('--exercise=')) {
      const inline = word.startsWith('--exercise=') ? word.slice('--exercise='.length) : null;
      const next = argv[i + 1];
      const given = inline ?? (modeWord(next, argv) ? (next ?? null) : null);
      if (inline === null && given !== null) i += 1;
      if (given !== null && !(EXERCISE_MODES as readonly string[]).includes(given))
        throw usageError(
          `--exercise takes ${EXERCISE_MODES.join(' or ')}, not "${terminalSafe(given, 80)}".${nearMode(given)} The server's command goes after --.`,
        );
      mode = (given ?? 'checkable') as ExerciseMode;
      continue;
    }
    rest.push(word);
  }
  return { argv: rest, mode };
}

function nearMode(word: string): string {
  const near = closestName(word, EXERCISE_MODES);
  return near === null ? '' : ` Did you mean ${near}?`;
}

/**
 * Whether the word after a bare `--exercise` is its mode: a mode, or a word that cannot be the
 * server's command (a target is given elsewhere: after --, --demo or --url) or that is a typo of a
 * mode. Otherwise it is the start of the command (`audit --exercise node server.js`).
 */
function modeWord(next: string | undefined, argv: readonly string[]): boolean {
  if (next === undefined || next.startsWith('-')) return false;
  if ((EXERCISE_MODES as readonly string[]).includes(next)) return true;
  const before = argv.includes('--') ? argv.slice(0, argv.indexOf('--')) : argv;
  const targetElsewhere =
    argv.includes('--') || before.some((word) => word === '--demo' || word === '--url' || word.startsWith('--url='));
  return targetElsewhere || closestName(next, EXERCISE_MODES) !== null;
}

/** The exercise option from the mode and the parsed --yes / --calls; --yes or --calls alone is a usage error. */
export function exerciseOption(
  mode: ExerciseMode | null,
  values: { yes?: boolean | undefined; calls?: string | undefined },
  transport: string,
  usageError: (message: string) => Error,
): ExerciseOption | null {
  if (mode === null) {
    if (values.calls !== undefined) throw usageError('--calls applies to --exercise.');
    if (values.yes === true) throw usageError('--yes applies to --exercise (for audit).');
    return null;
  }
  if (transport !== 'stdio')
    throw usageError(
      '--exercise applies to a stdio server (a command after --): a hosted server cannot be run in a sandbox.',
    );
  if (values.calls === '') throw usageError('--calls needs a JSON file: {"tool": {"argument": "value"}}.');
  return { mode, yes: values.yes === true, calls: values.calls === undefined ? null : readCallsFile(values.calls) };
}

/**
 * Whether the listing runs in the exercise's sandbox: --sandbox asks for it; with --exercise it is
 * the default (the user asked to check the server before trusting it), --no-sandbox lists on the host.
 */
export function sandboxOption(
  values: { sandbox?: boolean | undefined; 'no-sandbox'?: boolean | undefined },
  transport: string,
  exercising: boolean,
  usageError: (message: string) => Error,
): boolean {
  if (values.sandbox === true && values['no-sandbox'] === true)
    throw usageError('Give --sandbox or --no-sandbox, not both.');
  const asked = values.sandbox === true || values['no-sandbox'] === true;
  if (asked && transport !== 'stdio')
    throw usageError('--sandbox applies to a stdio server (a command after --): a hosted server runs elsewhere.');
  return transport === 'stdio' && values['no-sandbox'] !== true && (values.sandbox === true || exercising);
}
