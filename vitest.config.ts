import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { configDefaults, defineConfig } from 'vitest/config';

// The tests that time a server's activity inside the sandbox (quiet windows, late writes: the exercise,
// the playground, `call`) run one file at a time; on this project's two cores the others run two at
// a time. HINTCHECK_TEST_PART picks one part (scripts/test.mjs runs "rest", then "timed"); unset,
// every file runs with Vitest's default (cores - 1 workers).
const TIMED = [
  'test/exercise*.test.ts',
  'test/playground*.test.ts',
  'test/cli-call.test.ts',
  'test/cli-rough-edges.test.ts',
];
const INCLUDE = ['lib/**/*.test.ts', 'components/**/*.test.ts', 'test/**/*.test.ts', 'bin/**/*.test.ts'];
// The packed package's test runs on its own after the others (vitest.package.config.ts).
const EXCLUDE = [...configDefaults.exclude, 'test/package/**'];
const part = process.env.HINTCHECK_TEST_PART;
const parts: Record<'timed' | 'rest' | 'all', { include: string[]; exclude: string[]; maxWorkers?: number }> = {
  timed: { include: TIMED, exclude: EXCLUDE, maxWorkers: 1 },
  rest: { include: INCLUDE, exclude: [...EXCLUDE, ...TIMED], maxWorkers: 2 },
  all: { include: INCLUDE, exclude: EXCLUDE },
};
if (part !== undefined && !(part in parts)) throw new Error(`HINTCHECK_TEST_PART is timed or rest, not ${part}`);

export default defineConfig({
  resolve: { alias: { '@': fileURLToPath(new URL('.', import.meta.url)) } },
  test: {
    ...parts[part === 'timed' || part === 'rest' ? part : 'all'],
    environment: 'node',
    // No test writes to the user's real history (tests that use one name their own file) or cache.
    env: { HINTCHECK_DB: 'off', HINTCHECK_COMPILE_CACHE: join(tmpdir(), 'hintcheck-test-compile-cache') },
    globalSetup: ['./test/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
    reporters: ['default'],
    globals: false,
  },
});
