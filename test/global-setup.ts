// Before every Vitest run: the CLI (dist/cli/), dist/demo-server.mjs and dist/serve.mjs, bundled only
// when their sources changed since the last bundle (scripts/build.mjs --if-changed --only cli), so
// `npm test`'s build step bundles once for its two Vitest parts and the other Node lines' runs; and,
// when HINTCHECK_TEST_MACHINE names a file, what this machine lacks for the tests that skip without it
// (test/machine.ts), which `npm test` prints with the skipped count.
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { machineGaps } from './machine';

export default function setup(): void {
  execFileSync(process.execPath, ['scripts/build.mjs', '--if-changed', '--only', 'cli'], { stdio: 'inherit' });
  const out = process.env.HINTCHECK_TEST_MACHINE;
  if (out) writeFileSync(out, `${JSON.stringify(machineGaps())}\n`);
}
