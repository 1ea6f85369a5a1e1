/**
 * The exercise modes (issue 23), without zod, so the CLI's argument parsing can read them before
 * anything heavy loads: "checkable" calls the tools whose hints claim something a trace can check,
 * "all" calls every tool.
 */
export const EXERCISE_MODES = ['checkable', 'all'] as const;
export type ExerciseMode = (typeof EXERCISE_MODES)[number];
