// Bundles the CLI and the demo server into dist/ with esbuild: one file each, so the CLI starts
// fast with plain `node` and never loads Next.js or React.
import { build } from 'esbuild';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const started = performance.now();
const common = {
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  absWorkingDir: root,
  legalComments: 'none',
  logLevel: 'warning',
  // A native addon: loaded from node_modules at run time (its loader needs a real __filename).
  external: ['better-sqlite3'],
  // Some dependencies are CommonJS and call require(); give the ESM bundle one.
  banner: {
    js: "import { createRequire as __hintcheckRequire } from 'node:module'; const require = __hintcheckRequire(import.meta.url);",
  },
};
await Promise.all([
  build({ ...common, entryPoints: ['lib/cli/main.ts'], outfile: 'dist/cli.mjs' }),
  build({ ...common, entryPoints: ['servers/demo/server.ts'], outfile: 'dist/demo-server.mjs' }),
  // The dashboard server: Next.js stays external (loaded from node_modules, never by the CLI).
  build({
    ...common,
    entryPoints: ['lib/server/dashboard-main.ts'],
    outfile: 'dist/serve.mjs',
    external: ['next', 'next/*', 'better-sqlite3'],
  }),
]);
console.error(
  `build:cli: dist/cli.mjs, dist/demo-server.mjs and dist/serve.mjs in ${Math.round(performance.now() - started)} ms`,
);
