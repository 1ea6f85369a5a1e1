// The packaging test (test/package/): run by `npm test` after the other tests, on its own, because
// installing the packed tarball compiles better-sqlite3 (a core for about a minute).
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/package/**/*.pack.test.ts'],
    environment: 'node',
    testTimeout: 120_000,
    hookTimeout: 1_200_000,
    pool: 'forks',
    globals: false,
  },
});
