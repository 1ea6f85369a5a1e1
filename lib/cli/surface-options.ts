/**
 * The options of the surface commands (contract write, verify, history) and what more than one of
 * them reads from them: the gate (--fail-on) and the text style.
 */
import { parseArgs } from 'node:util';
import { FAIL_ON, type FailOn } from '../core/contract/changes';
import { OUTPUT_OPTIONS, TARGET_OPTIONS, usageError } from './args';
import { takeExercise } from './exercise-args';
import type { CliIo } from './io';
import { ansiStyle, type TextStyle } from './print/terminal';

const OPTIONS = {
  ...TARGET_OPTIONS,
  ...OUTPUT_OPTIONS,
  contract: { type: 'string' },
  'fail-on': { type: 'string' },
  limit: { type: 'string' },
  server: { type: 'string' },
  keep: { type: 'string' },
  yes: { type: 'boolean', short: 'y' },
  calls: { type: 'string' },
} as const;

export type SurfaceValues = ReturnType<typeof parseSurfaceArgs>['values'];

/** The options, and `--exercise [mode]` taken out first (its mode word is optional: exercise-args.ts). */
export function parseSurfaceArgs(argv: readonly string[]) {
  const { argv: rest, mode } = takeExercise(argv, usageError);
  try {
    return { ...parseArgs({ args: rest, allowPositionals: true, strict: true, options: OPTIONS }), exercise: mode };
  } catch (error) {
    throw usageError(error instanceof Error ? (error.message.split('\n')[0] ?? 'Bad arguments.') : 'Bad arguments.');
  }
}

export function failOnOf(values: SurfaceValues, fallback: FailOn): FailOn {
  const value = values['fail-on'] ?? fallback;
  if (!(FAIL_ON as readonly string[]).includes(value))
    throw usageError(`--fail-on must be widening, any or none, not "${value}".`);
  return value as FailOn;
}

export function styleFor(values: SurfaceValues, io: Pick<CliIo, 'stdout' | 'callerEnv'>, toFile: boolean): TextStyle {
  const color =
    values['no-color'] === true
      ? false
      : values.color === true
        ? true
        : !toFile && io.stdout.isTTY === true && io.callerEnv.NO_COLOR === undefined;
  return ansiStyle(color);
}
