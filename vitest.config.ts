import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { configDefaults, defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: { alias: { '@': fileURLToPath(new URL('.', import.meta.url)) } },
  test: {
    include: ['lib/**/*.test.ts', 'components/**/*.test.ts', 'test/**/*.test.ts', 'bin/**/*.test.ts'],
    // The packed package's test runs on its own after the others (vitest.package.config.ts).
    exclude: [...configDefaults.exclude, 'test/package/**'],
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
