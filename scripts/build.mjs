// `npm run build` and `npm start`'s build step: the CLI bundle (scripts/build-cli.mjs) and the
// Next.js production build, each skipped with --if-changed when the files it is made from are the
// same as at its last successful build. The fingerprint is the SHA-256 of every input file's path
// and content (not times: a fresh clone or a `git checkout` changes every mtime), stored beside the
// output (dist/.inputs-cli, .next/.inputs-next) only after a build succeeds, so a failed or
// interrupted build is never taken as up to date. `npm run build` always builds. `--only cli` builds
// the CLI bundle alone: test/global-setup.ts runs `--if-changed --only cli` before every Vitest run, so
// `npm test` (which has just built) and a run of one test file after another bundle only when a source changed.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const ifChanged = process.argv.includes('--if-changed');
const onlyIndex = process.argv.indexOf('--only');
const only = onlyIndex === -1 ? undefined : process.argv[onlyIndex + 1];
const SKIP = new Set(['node_modules', '.next', 'dist', '.git', 'test-results', 'playwright-report', '.test-output']);

/** Every file under the given paths (folders walked, tests included: a cheap superset of inputs). */
function files(paths) {
  const found = [];
  const walk = (path) => {
    if (!existsSync(path)) return;
    if (statSync(path).isDirectory()) {
      for (const name of readdirSync(path).sort()) if (!SKIP.has(name)) walk(join(path, name));
    } else found.push(path);
  };
  for (const path of paths) walk(join(root, path));
  return found;
}

/** `perRuntime`: the output depends on the Node.js that builds it (Next.js), so the version is hashed in. */
export function fingerprint(paths, perRuntime = true) {
  const hash = createHash('sha256');
  if (perRuntime) hash.update(`node ${process.version}\n`);
  for (const file of files(paths)) {
    hash.update(relative(root, file).split(sep).join('/'));
    hash.update('\0');
    hash.update(createHash('sha256').update(readFileSync(file)).digest());
  }
  return hash.digest('hex');
}

const SHARED = ['lib', 'package-lock.json', 'package.json', 'tsconfig.json'];
const TARGETS = [
  {
    name: 'CLI bundle',
    id: 'cli',
    // esbuild's output is the same whichever Node runs it (its target is fixed: node20), so the bundle
    // `npm test` built is reused by the other Node lines' runs (.ci/node-line).
    perRuntime: false,
    inputs: [...SHARED, 'servers', 'scripts/build-cli.mjs'],
    stamp: 'dist/.inputs-cli',
    outputs: ['dist/cli/main.cjs', 'dist/cli/compile-cache.cjs', 'dist/serve.mjs', 'dist/demo-server.mjs'],
    command: [process.execPath, ['scripts/build-cli.mjs']],
  },
  {
    name: 'dashboard',
    id: 'dashboard',
    perRuntime: true,
    inputs: [...SHARED, 'app', 'components', 'public', 'next.config.ts', 'postcss.config.mjs'],
    stamp: '.next/.inputs-next',
    outputs: ['.next/BUILD_ID'],
    command: [process.execPath, ['scripts/next.mjs', 'build']],
  },
];

if (only !== undefined && !TARGETS.some((target) => target.id === only)) {
  console.error(`build: --only takes ${TARGETS.map((target) => target.id).join(' or ')}, not ${only}`);
  process.exit(2);
}
for (const target of TARGETS) {
  if (only !== undefined && target.id !== only) continue;
  const print = fingerprint(target.inputs, target.perRuntime);
  const stampPath = join(root, target.stamp);
  const current =
    existsSync(stampPath) &&
    readFileSync(stampPath, 'utf8').trim() === print &&
    target.outputs.every((output) => existsSync(join(root, output)));
  if (ifChanged && current) {
    console.error(`build: ${target.name} is up to date (its sources have not changed since it was built).`);
    continue;
  }
  const [command, args] = target.command;
  const result = spawnSync(command, args, {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1' },
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
  writeFileSync(stampPath, `${print}\n`);
}
