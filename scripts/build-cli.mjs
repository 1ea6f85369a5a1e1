// Bundles the CLI and the demo server into dist/ with esbuild, so the CLI starts fast with plain
// `node` and never loads Next.js or React. The CLI is two CommonJS files, started by
// dist/cli/launcher.cjs through V8's code cache (lib/cli/launcher.ts):
// - dist/cli/main.cjs: lib/cli/main.ts and what it imports statically (argument parsing, the
//   environment allowlist, the stdio transport): small, so a stdio server starts at once;
// - dist/cli/rest.cjs: everything main.ts reaches through import() (the audit, the SDK, zod, the
//   report code, the other commands), compiled when main.ts first asks for it, while the server boots.
// The two share module instances: rest.cjs takes the modules of main.cjs from it (one AuditError
// class, one Redactor), and main.cjs's import() calls load rest.cjs. Inside rest.cjs, every module
// reached only through import() is evaluated on first use (esbuild's lazy module wrappers), so the
// OAuth check (with the public-suffix list) runs only for URLs. Sizes: npm run bench.
import { build } from 'esbuild';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { relative, sep } from 'node:path';
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
 * One module replacement, for the CLI bundle only: the SDK v2 client's platform shims. On Node they
 * bring Ajv (150 KiB, inlined in the SDK's own dist) as the default validator of tool output, which
 * an audit never calls; the stand-in has the same interface and loads the SDK's real shim from
 * node_modules on first use. Measured apart (issue 21; `HINTCHECK_BUILD_WITHOUT=shims npm run
 * build:cli`, then `node bench/compare-builds.mjs 21 ...`, paired, code cache on as users run it):
 * without it the CLI's own CPU per audit of server-everything is 1.094x (203 ms against 184 ms).
 * Four other replacements were measured the same way and removed, each inside the ±0.02 noise of
 * two copies of one build: tldts (0.996-0.999), pkce-challenge and eventsource-parser (0.988-1.015),
 * zod's locales (1.001-1.004: the code cache makes their parse free); Ajv's was no longer reached.
 * docs/benchmarks.md has the runs.
 */
const REPLACED = [
  {
    name: 'shims',
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
];
// For measuring a replacement apart (bench/compare-builds.mjs): HINTCHECK_BUILD_WITHOUT=shims builds
// without it; never set by npm scripts.
const WITHOUT = new Set((process.env.HINTCHECK_BUILD_WITHOUT ?? '').split(',').filter(Boolean));
const replaceModules = {
  name: 'replace-modules',
  setup(builder) {
    builder.onResolve({ filter: /^@modelcontextprotocol\/client\/_shims$/ }, (args) => {
      const index = REPLACED.findIndex(
        (entry) => entry.specifier.test(args.path) && entry.from.test(args.importer) && !WITHOUT.has(entry.name),
      );
      if (index === -1) return undefined;
      return { path: `${index}:${args.path}`, namespace: 'replace-modules', pluginData: { index } };
    });
    builder.onLoad({ filter: /.*/, namespace: 'replace-modules' }, (args) => ({
      contents: REPLACED[args.pluginData.index].contents(),
      loader: 'js',
      resolveDir: root,
    }));
  },
};
const cliCommon = {
  ...common,
  format: 'cjs',
  // Not minified: a bug's stack names our functions (test/cli-stack.test.ts). The code cache
  // (lib/cli/launcher.ts) keeps the compiled code between runs, so the larger source costs little.
  minify: false,
  // import.meta.url in CommonJS: the bundle's own file URL.
  banner: { js: "var __hintcheckUrl = require('node:url').pathToFileURL(__filename).href;" },
  define: { 'import.meta.url': '__hintcheckUrl' },
};
// gpt-tokenizer's o200k_base rank table (2.4 MB) stays in node_modules: loaded only when token costs are counted.
// better-sqlite3's JavaScript is bundled (code-cached with the rest); its native addon is loaded from
// node_modules by path (lib/server/history/sqlite.ts). cross-spawn is loaded on Windows only
// (lib/server/process/default-spawner.ts), from node_modules.
const CLI_EXTERNAL = ['gpt-tokenizer', 'gpt-tokenizer/*', 'cross-spawn', '@modelcontextprotocol/client/_shims'];
/** How the two files reach each other at run time (lib/cli/launcher.ts provides both). */
const FROM_START = 'hintcheck:start';
const FROM_REST = 'hintcheck:rest';

// 1. The CLI's module graph, and which modules run before the server starts: main.ts and what it
//    imports statically. test/cli.test.ts reads this graph (dist/cli-meta.json).
const graph = await build({
  ...cliCommon,
  entryPoints: ['lib/cli/main.ts'],
  write: false,
  metafile: true,
  plugins: [replaceModules],
  external: CLI_EXTERNAL,
});
const { inputs } = graph.metafile;
const startModules = new Set();
const visit = (file) => {
  if (startModules.has(file)) return;
  startModules.add(file);
  for (const edge of inputs[file]?.imports ?? [])
    if ((edge.kind === 'import-statement' || edge.kind === 'require-call') && edge.external !== true) visit(edge.path);
};
visit('lib/cli/main.ts');
const restRoots = [
  ...new Set(
    [...startModules].flatMap((file) =>
      (inputs[file]?.imports ?? [])
        .filter((edge) => edge.kind === 'dynamic-import' && edge.external !== true && !startModules.has(edge.path))
        .map((edge) => edge.path),
    ),
  ),
].sort();
const isEsm = (file) => inputs[file]?.format === 'esm';
for (const file of [...startModules, ...restRoots])
  if (!isEsm(file) && !file.startsWith('node_modules/'))
    throw new Error(`build:cli: ${file} is not an ES module; the two CLI files share ES modules only.`);

/**
 * esbuild writes code as ASCII but keeps comments as they are: one dash or arrow in a comment made the
 * 2.6 MB rest.cjs a two-byte string when the launcher decoded it (5.0 MB of the CLI's 17 MB of live
 * heap at exit, and as much again of garbage). Each such character becomes its \u escape: the same
 * character in a string, a regular expression or a template, plain text in a comment. The launcher
 * reads the files as one-byte text (lib/cli/launcher.ts). After `audit --json --listen 0` of
 * server-everything the V8 heap is 23.4 MB instead of 39.1 (RSS 78.9 against 83.9 MB); the paired
 * wall time moved within the noise (`node bench/compare-builds.mjs 40`: 0.939 and 1/0.990 in the two
 * orders, docs/benchmarks.md).
 */
function asciiOnly(files) {
  for (const file of files) {
    const text = readFileSync(`${root}${file}`, 'utf8');
    const ascii = text.replace(/[\u0080-\uffff]/g, (unit) => `\\u${unit.charCodeAt(0).toString(16).padStart(4, '0')}`);
    if (ascii !== text) writeFileSync(`${root}${file}`, ascii);
  }
}

/** Imports that resolve to `modules` become a lookup in the other file, through `via`. */
function shareWith(modules, via, kinds) {
  return {
    name: `share-${via}`,
    setup(builder) {
      builder.onResolve({ filter: /.*/ }, async (args) => {
        if (args.pluginData?.sharing === true || !kinds.includes(args.kind)) return undefined;
        const resolved = await builder.resolve(args.path, {
          kind: args.kind,
          importer: args.importer,
          resolveDir: args.resolveDir,
          pluginData: { sharing: true },
        });
        if (resolved.errors.length > 0 || resolved.external || resolved.namespace !== 'file') return undefined;
        const file = relative(root, resolved.path).split(sep).join('/');
        if (!modules.has(file)) return undefined;
        if (!isEsm(file))
          throw new Error(`build:cli: ${file} would be shared across the CLI files but is not an ES module.`);
        // A neutral extension: the stand-in is CommonJS whatever the shared file's own extension.
        return { path: `${file}.shared.cjs`, namespace: `share-${via}` };
      });
      builder.onLoad({ filter: /.*/, namespace: `share-${via}` }, (args) => ({
        contents: `module.exports = require(${JSON.stringify(via)})(${JSON.stringify(args.path.slice(0, -'.shared.cjs'.length))});`,
        loader: 'js',
      }));
    },
  };
}

/**
 * An entry that exports the modules of `files` by path (how the other file finds them): their
 * namespaces, already evaluated (the start file's, which run at start anyway), or, when `lazy`, a
 * function per module that evaluates it on first call (the rest: only what a command asks for).
 */
function registryEntry(name, files, { lazy = false, extra = '' } = {}) {
  return {
    name: `entry-${name}`,
    setup(builder) {
      builder.onResolve({ filter: new RegExp(`^${name}$`) }, () => ({ path: name, namespace: 'cli-entry' }));
      builder.onLoad({ filter: /.*/, namespace: 'cli-entry' }, () => ({
        contents: lazy
          ? [
              extra,
              `export const modules = { ${files.map((file) => `${JSON.stringify(file)}: () => require(${JSON.stringify(`./${file}`)})`).join(', ')} };`,
            ].join('\n')
          : [
              extra,
              ...files.map((file, i) => `import * as m${i} from ${JSON.stringify(`./${file}`)};`),
              `export const modules = { ${files.map((file, i) => `${JSON.stringify(file)}: m${i}`).join(', ')} };`,
            ].join('\n'),
        loader: 'js',
        resolveDir: root,
      }));
    },
  };
}

// Modules of the replace-modules plugin are no files to share: each file gets its own (they are tiny).
const sharedStart = [...startModules].filter((file) => isEsm(file) && !file.startsWith('replace-modules:')).sort();
const [start, rest] = await Promise.all([
  build({
    ...cliCommon,
    entryPoints: ['cli-start'],
    outfile: 'dist/cli/main.cjs',
    metafile: true,
    plugins: [
      replaceModules,
      registryEntry('cli-start', sharedStart, { extra: "export { main } from './lib/cli/main.ts';" }),
      shareWith(new Set(restRoots), FROM_REST, ['dynamic-import']),
    ],
    external: [...CLI_EXTERNAL, FROM_REST],
  }),
  build({
    ...cliCommon,
    entryPoints: ['cli-rest'],
    outfile: 'dist/cli/rest.cjs',
    metafile: true,
    plugins: [
      replaceModules,
      registryEntry('cli-rest', restRoots, { lazy: true }),
      shareWith(startModules, FROM_START, ['import-statement', 'dynamic-import']),
    ],
    external: [...CLI_EXTERNAL, FROM_START],
  }),
]);
const cli = {
  metafile: { ...graph.metafile, start: Object.keys(start.metafile.inputs), rest: Object.keys(rest.metafile.inputs) },
};
await Promise.all([
  build({ ...cliCommon, entryPoints: ['lib/cli/launcher.ts'], outfile: 'dist/cli/launcher.cjs' }),
  build({ ...common, entryPoints: ['servers/demo/server.ts'], outfile: 'dist/demo-server.mjs' }),
  // The dashboard server: Next.js stays external (loaded from node_modules, never by the CLI).
  build({
    ...common,
    entryPoints: ['lib/server/dashboard/dashboard-main.ts'],
    outfile: 'dist/serve.mjs',
    external: ['next', 'next/*', 'better-sqlite3'],
  }),
]);
asciiOnly(['dist/cli/main.cjs', 'dist/cli/rest.cjs']);
writeFileSync(`${root}dist/cli-meta.json`, JSON.stringify(cli.metafile));
console.error(
  `build:cli: dist/cli/main.cjs, rest.cjs and launcher.cjs, dist/demo-server.mjs and dist/serve.mjs in ${Math.round(performance.now() - started)} ms`,
);
