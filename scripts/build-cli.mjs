// Bundles the CLI and the demo server into dist/ with esbuild, so the CLI starts fast with plain
// `node` and never loads Next.js or React. The CLI is one CommonJS file, dist/cli/main.cjs, started
// by dist/cli/launcher.cjs through V8's code cache (lib/cli/launcher.ts); inside it, every module
// reached only through import() is evaluated on first use (esbuild's lazy module wrappers), so a
// stdio server starts before the SDK, zod and the report code are evaluated, and the OAuth check
// (with the public-suffix list) runs only for URLs. Sizes: npm run bench.
import { build } from 'esbuild';
import { rmSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const started = performance.now();
// Start from an empty folder so no file of an older layout stays behind.
rmSync(`${root}dist/cli`, { recursive: true, force: true });
rmSync(`${root}dist/cli.mjs`, { force: true });
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
 * Module replacements for the CLI bundle only, each to start faster:
 * - three CommonJS libraries the CLI bundles but rarely needs become functions that require them on
 *   first call (esbuild keeps a `require()`d CommonJS module in a lazy wrapper): tldts, the
 *   public-suffix list, serves only the OAuth check, yet lib/core/report.ts reaches it through the
 *   OAuth report schema in lib/core/oauth.ts; Ajv and its formats serve only tool-output validation,
 *   which an audit never runs (lib/server/connect.ts also builds the SDK's validator lazily);
 * - zod's locales: the CLI speaks English, so of zod's 40-odd message locales (about 260 KiB to parse
 *   at each start) only `en`, zod's default, is kept.
 */
const REPLACED = [
  {
    specifier: /^tldts$/,
    from: /lib[\\/]core[\\/]oauth/,
    contents: () =>
      "export function getDomain(...args) { return require('tldts/dist/cjs/index.js').getDomain(...args); }",
  },
  {
    specifier: /^ajv$/,
    from: /validation[\\/]ajv-provider\.js$/,
    contents: () =>
      "export default function Ajv(...args) { const loaded = require('ajv/dist/ajv.js'); return new (loaded.default ?? loaded)(...args); }",
  },
  {
    specifier: /^ajv-formats$/,
    from: /validation[\\/]ajv-provider\.js$/,
    contents: () =>
      "export default function addFormats(...args) { const loaded = require('ajv-formats/dist/index.js'); return (loaded.default ?? loaded)(...args); }",
  },
  {
    // The SDK v2 client's platform shims: on Node they bring Ajv (150 KiB, inlined in the SDK's own
    // dist) as the default validator of tool output, which an audit never calls. The stand-in has the
    // same interface and loads the SDK's real shim from node_modules on first use.
    specifier: /^@modelcontextprotocol\/client\/_shims$/,
    from: /@modelcontextprotocol[\\/]client[\\/]dist[\\/]/,
    contents: () =>
      [
        'export const CORS_IS_POSSIBLE = false;',
        'let Real;',
        'export class DefaultJsonSchemaValidator {',
        '  getValidator(schema) {',
        "    Real ??= require('@modelcontextprotocol/client/_shims').DefaultJsonSchemaValidator;",
        '    this.inner ??= new Real();',
        '    return this.inner.getValidator(schema);',
        '  }',
        '}',
      ].join('\n'),
  },
  {
    specifier: /^\.\.\/locales\/index\.js$/,
    from: /zod[\\/]v4[\\/](classic[\\/]external|core[\\/]index)\.js$/,
    contents: () => "export { default as en } from './en.js';",
    resolveDir: (importerDir) => resolve(importerDir, '../locales'),
  },
];
const replaceModules = {
  name: 'replace-modules',
  setup(builder) {
    builder.onResolve(
      { filter: /^(tldts|ajv|ajv-formats|\.\.\/locales\/index\.js|@modelcontextprotocol\/client\/_shims)$/ },
      (args) => {
        const index = REPLACED.findIndex((entry) => entry.specifier.test(args.path) && entry.from.test(args.importer));
        if (index === -1) return undefined;
        const resolveDir = REPLACED[index].resolveDir?.(args.resolveDir) ?? root;
        return { path: `${index}:${args.path}`, namespace: 'replace-modules', pluginData: { index, resolveDir } };
      },
    );
    builder.onLoad({ filter: /.*/, namespace: 'replace-modules' }, (args) => ({
      contents: REPLACED[args.pluginData.index].contents(),
      loader: 'js',
      resolveDir: args.pluginData.resolveDir,
    }));
  },
};
const cliCommon = {
  ...common,
  format: 'cjs',
  // A fifth less CPU at each start (less to parse); the CLI prints messages, never stacks.
  minify: true,
  // import.meta.url in CommonJS: the bundle's own file URL.
  banner: { js: "var __hintcheckUrl = require('node:url').pathToFileURL(__filename).href;" },
  define: { 'import.meta.url': '__hintcheckUrl' },
};
const [cli] = await Promise.all([
  build({
    ...cliCommon,
    entryPoints: ['lib/cli/main.ts'],
    outfile: 'dist/cli/main.cjs',
    // Which module imports which, statically or through import(): test/cli.test.ts checks what
    // each CLI path evaluates.
    metafile: true,
    plugins: [replaceModules],
    // js-tiktoken's rank tables (2+ MB) stay in node_modules: loaded only when token costs are counted.
    external: ['better-sqlite3', 'js-tiktoken', 'js-tiktoken/*', '@modelcontextprotocol/client/_shims'],
  }),
  build({ ...cliCommon, entryPoints: ['lib/cli/launcher.ts'], outfile: 'dist/cli/launcher.cjs' }),
  build({ ...common, entryPoints: ['servers/demo/server.ts'], outfile: 'dist/demo-server.mjs' }),
  // The dashboard server: Next.js stays external (loaded from node_modules, never by the CLI).
  build({
    ...common,
    entryPoints: ['lib/server/dashboard-main.ts'],
    outfile: 'dist/serve.mjs',
    external: ['next', 'next/*', 'better-sqlite3'],
  }),
]);
writeFileSync(`${root}dist/cli-meta.json`, JSON.stringify(cli.metafile));
console.error(
  `build:cli: dist/cli/main.cjs, dist/cli/launcher.cjs, dist/demo-server.mjs and dist/serve.mjs in ${Math.round(performance.now() - started)} ms`,
);
