// Builds the CLI (dist/cli/), dist/demo-server.mjs and dist/serve.mjs once before the tests that run them.
import { execFileSync } from 'node:child_process';

export default function setup(): void {
  execFileSync(process.execPath, ['scripts/build-cli.mjs'], { stdio: 'inherit' });
}
