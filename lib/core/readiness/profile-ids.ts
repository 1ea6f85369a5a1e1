/**
 * The readiness profiles' ids, zod-free so the CLI's argument parser (on the start path, before the
 * server is launched) can check --profile without loading the rules. profiles.ts holds the registry;
 * readiness.test.ts keeps the two lists equal.
 */
export const PROFILE_IDS = ['claude-directory', 'openai-directory'] as const;
export type ProfileId = (typeof PROFILE_IDS)[number];
