// `npm test`: everything CI checks, in order, with closing lines (the counts, then the skipped tests).
//   typecheck (the route types generated, then tsc once: the Next.js build below skips its own check),
//   lint, build (CLI bundle + Next.js production build; the Vitest parts reuse this bundle,
//   test/global-setup.ts), vitest (unit + integration, fixture servers and published servers),
//   Playwright e2e in a real Chromium, then the packed package installed into an empty folder
//   (test/package/). In CI (CI=true) with bubblewrap installed, a skipped sandbox test fails the run.
// Finds a browser (HINTCHECK_CHROMIUM, Debian's /usr/bin/chromium, or Playwright's own) and, when
// none is there, installs Debian's chromium (as root) or Playwright's.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { chromium } from '@playwright/test';
import { skippedFiles, skipVerdict } from './test-skips.mjs';

const env = { ...process.env, NEXT_TELEMETRY_DISABLED: '1' };
// Not test-results/: Playwright empties that folder when it starts.
// Emptied first: the closing line counts this run's tests only, never an earlier run's files.
const results = '.test-output';
rmSync(results, { recursive: true, force: true });
mkdirSync(results, { recursive: true });

function step(label, command, args, extraEnv = {}) {
  const started = performance.now();
  console.log(`\n▶ ${label}: ${command} ${args.join(' ')}`);
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...env, ...extraEnv } });
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  if (result.status !== 0) {
    console.error(`✖ ${label} failed (exit ${result.status ?? result.signal}) after ${seconds} s`);
    return false;
  }
  console.log(`✔ ${label} (${seconds} s)`);
  return true;
}

function hasBrowser() {
  const fromEnv = process.env.HINTCHECK_CHROMIUM;
  if (fromEnv && existsSync(fromEnv)) return true;
  if (existsSync('/usr/bin/chromium')) return true;
  try {
    return existsSync(chromium.executablePath());
  } catch {
    return false;
  }
}

function ensureBrowser() {
  if (hasBrowser()) return true;
  console.log('No Chromium found: installing one.');
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (isRoot && existsSync('/usr/bin/apt-get')) {
    spawnSync('apt-get', ['update'], { stdio: 'inherit' });
    spawnSync('apt-get', ['install', '-y', 'chromium'], { stdio: 'inherit' });
  }
  if (!hasBrowser()) spawnSync('npx', ['playwright', 'install', 'chromium'], { stdio: 'inherit', env });
  if (hasBrowser()) return true;
  console.error(
    "No Chromium available. Install Debian's chromium (apt-get install chromium), or run npx playwright install chromium, or set HINTCHECK_CHROMIUM to a Chromium binary.",
  );
  return false;
}

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}

function counts(file, read) {
  const report = readJson(file);
  return report === undefined ? { passed: 0, failed: 0 } : read(report);
}

// Type-checked once: `next typegen` writes the route types the build would (.next/types, in
// tsconfig.json's include), tsc checks them with the rest, and the build is told so (next.config.ts).
let ok =
  step('route types', process.execPath, ['scripts/next.mjs', 'typegen']) &&
  step('typecheck', 'npx', ['tsc', '--noEmit']) &&
  step('lint', 'npm', ['run', 'lint']) &&
  step('build', 'npm', ['run', 'build'], { HINTCHECK_TYPES_CHECKED: '1' });

const machineFile = `${results}/machine.json`;
const vitestFiles = [`${results}/vitest-rest.json`, `${results}/vitest-timed.json`];
const playwrightFile = `${results}/playwright.json`;
// Two parts (vitest.config.ts): most files two at a time, then the sandbox-timed ones one at a time.
for (const [index, part] of ['rest', 'timed'].entries())
  if (ok)
    ok = step(
      `unit and integration tests (${part})`,
      'npx',
      ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestFiles[index]}`],
      { HINTCHECK_TEST_PART: part, HINTCHECK_TEST_MACHINE: machineFile },
    );
if (ok)
  ok =
    ensureBrowser() &&
    step('end-to-end tests', 'npx', ['playwright', 'test', '--reporter=list,json'], {
      PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightFile,
    });

// The package as a user installs it (test/package/): packed, installed into an empty folder, run.
const packageFile = `${results}/package.json`;
if (ok)
  ok = step('package tests', 'npx', [
    'vitest',
    'run',
    '--config',
    'vitest.package.config.ts',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${packageFile}`,
  ]);

const vitestParts = vitestFiles.map((file) =>
  counts(file, (r) => ({ passed: r.numPassedTests, failed: r.numFailedTests })),
);
const vitestMain = {
  passed: vitestParts.reduce((sum, c) => sum + c.passed, 0),
  failed: vitestParts.reduce((sum, c) => sum + c.failed, 0),
};
const packaged = counts(packageFile, (r) => ({ passed: r.numPassedTests, failed: r.numFailedTests }));
const vitest = { passed: vitestMain.passed + packaged.passed, failed: vitestMain.failed + packaged.failed };
const e2e = counts(playwrightFile, (r) => ({
  passed: r.stats.expected,
  failed: r.stats.unexpected,
  skipped: r.stats.skipped,
}));
const passed = vitest.passed + e2e.passed;
const failed = vitest.failed + e2e.failed + (ok ? 0 : failedWithoutCount(vitest, e2e));
console.log(
  `\nvitest: ${vitest.passed} passed, ${vitest.failed} failed · playwright: ${e2e.passed} passed, ${e2e.failed} failed`,
);
console.log(`tests: ${passed} passed, ${failed} failed`);
const skips = skipVerdict({
  files: skippedFiles(vitestFiles.concat(packageFile).map(readJson), process.cwd()),
  e2eSkipped: e2e.skipped ?? 0,
  gaps: readJson(machineFile) ?? [],
  ci: process.env.CI === 'true',
  hasBwrap: spawnSync('sh', ['-c', 'command -v bwrap'], { stdio: 'ignore' }).status === 0,
  source: (file) => (existsSync(file) ? readFileSync(file, 'utf8') : ''),
});
for (const line of skips.lines) console.log(line);
process.exitCode = ok && !skips.fail ? 0 : 1;

// A failing step that ran no test (typecheck, lint, build) still counts as one failure.
function failedWithoutCount(a, b) {
  return a.failed + b.failed === 0 ? 1 : 0;
}
