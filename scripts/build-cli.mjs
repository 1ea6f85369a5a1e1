// Bundles the CLI and the demo server into dist/ with esbuild, so the CLI starts fast with plain
// `node` and never loads Next.js or React: dist/cli/main.cjs (lib/cli/main.ts and all it reaches;
// a module reached only through import() is evaluated on first use, esbuild's lazy wrappers, so a
// stdio server is started before the SDK, zod and the report code run), dist/demo-server.mjs and
// the dashboard's server, dist/serve.mjs. bin/mcp-hintcheck.cjs turns on Node's own compile cache
// before it loads the bundle. dist/cli-meta.json is the module graph test/cli.test.ts reads.
import { build } from 'esbuild';
import { rmSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const started = performance.now();
// Start from an empty folder so no file of an older layout stays behind, and drop the stamp of the
// last build through scripts/build.mjs: this bundle's sources may differ from the stamped ones, so only
// build.mjs, after this script succeeds, may say the bundle is current.
rmSync(`${root}dist/cli`, { recursive: true, force: true });
rmSync(`${root}dist/.inputs-cli`, { force: true });
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
/**
 * One module replacement, for the CLI bundle only: the SDK v2 client's platform shims. On Node they
 * bring Ajv (150 KiB, inlined in the SDK's own dist) as the default validator of tool output, which
 * an audit never calls; the stand-in has the same interface and loads the SDK's real shim from
 * node_modules on first use. Measured paired (issue 21, code cache on as users run it): without it
 * the CLI's own CPU per audit of server-everything is 1.094x (203 ms against 184 ms).
 */
const SHIMS = /^@modelcontextprotocol\/client\/_shims$/;
const SHIM_STAND_IN = [
  'export const CORS_IS_POSSIBLE = false;',
  'let Real;',
  'export class DefaultJsonSchemaValidator {',
  '  getValidator(schema) {',
  "    Real ??= require('@modelcontextprotocol/client/_shims').DefaultJsonSchemaValidator;",
  '    this.inner ??= new Real();',
  '    return this.inner.getValidator(schema);',
  '  }',
  '}',
].join('\n');
const standInShims = {
  name: 'stand-in-shims',
  setup(builder) {
    builder.onResolve({ filter: SHIMS }, (args) =>
      /@modelcontextprotocol[\\/]client[\\/]dist[\\/]/.test(args.importer)
        ? { path: args.path, namespace: 'stand-in-shims' }
        : undefined,
    );
    builder.onLoad({ filter: /.*/, namespace: 'stand-in-shims' }, () => ({
      contents: SHIM_STAND_IN,
      loader: 'js',
      resolveDir: root,
    }));
  },
};
const cli = await build({
  ...common,
  entryPoints: ['lib/cli/main.ts'],
  outfile: 'dist/cli/main.cjs',
  format: 'cjs',
  // Whitespace and syntax minified, names kept: a bug's stack still names our functions
  // (test/cli-stack.test.ts), and Node reads and compiles a third less before the server starts
  // (2.9 MB to 2.1 MB). Paired (`node bench/cli.mjs`-style, Node 24, 31 pairs, docs/benchmarks.md):
  // `audit --json --listen 0 --capabilities none` 0.955 of the unminified bundle's time (Node 20: 0.973).
  minifyWhitespace: true,
  minifySyntax: true,
  // import.meta.url in CommonJS: the bundle's own file URL.
  banner: { js: "var __hintcheckUrl = require('node:url').pathToFileURL(__filename).href;" },
  define: { 'import.meta.url': '__hintcheckUrl' },
  metafile: true,
  plugins: [standInShims],
  // gpt-tokenizer's rank table (2.4 MB) stays in node_modules: loaded only when token costs are counted.
  // cross-spawn is loaded on Windows only (lib/server/process/default-spawner.ts).
  external: [
    'better-sqlite3',
    'gpt-tokenizer',
    'gpt-tokenizer/*',
    'cross-spawn',
    '@modelcontextprotocol/client/_shims',
  ],
});
await Promise.all([
  // Loaded first by bin/mcp-hintcheck.cjs: it turns the compile cache on for the bundle.
  build({
    ...common,
    entryPoints: ['lib/cli/compile-cache.ts'],
    outfile: 'dist/cli/compile-cache.cjs',
    format: 'cjs',
    banner: {},
  }),
  build({ ...common, entryPoints: ['servers/demo/server.ts'], outfile: 'dist/demo-server.mjs' }),
  // The exercise's loopback listener, started inside the sandbox (lib/server/exercise/listener.ts).
  build({ ...common, entryPoints: ['servers/loopback-listener/listener.mjs'], outfile: 'dist/loopback-listener.mjs' }),
  // The dashboard server: Next.js stays external (loaded from node_modules, never by the CLI).
  build({
    ...common,
    entryPoints: ['lib/server/dashboard/dashboard-main.ts'],
    outfile: 'dist/serve.mjs',
    external: ['next', 'next/*', 'better-sqlite3'],
  }),
]);
writeFileSync(`${root}dist/cli-meta.json`, JSON.stringify(cli.metafile));
console.error(
  `build:cli: dist/cli/main.cjs and compile-cache.cjs, dist/demo-server.mjs, dist/loopback-listener.mjs and dist/serve.mjs in ${Math.round(performance.now() - started)} ms`,
);
