import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: { alias: { '@': fileURLToPath(new URL('.', import.meta.url)) } },
  test: {
    include: ['lib/**/*.test.ts', 'components/**/*.test.ts', 'test/**/*.test.ts', 'bin/**/*.test.ts'],
    environment: 'node',
    // No test writes to the user's real history; tests that use one name their own file.
    env: { HINTCHECK_DB: 'off' },
    globalSetup: ['./test/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
    reporters: ['default'],
    globals: false,
  },
});
