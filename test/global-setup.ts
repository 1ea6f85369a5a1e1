// Builds dist/cli.mjs and dist/demo-server.mjs once before the tests that run them.
import { execFileSync } from 'node:child_process';

export default function setup(): void {
  execFileSync(process.execPath, ['scripts/build-cli.mjs'], { stdio: 'inherit' });
}
