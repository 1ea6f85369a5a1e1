// `npm pack` and `npm publish` run this first (package.json's prepack): it refuses to pack a tree that
// was not built, which would make a tarball without dist/ or .next/ (32 kB, a CLI that cannot start;
// issue 49). Every path package.json's `files` lists must be there, with the marks of a finished build:
// the CLI bundle's entry and the Next.js build's BUILD_ID. `npm run build` makes them.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const { files = [] } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const needed = [
  ...files.filter((entry) => !entry.startsWith('!') && !entry.includes('*')),
  'dist/cli/main.cjs',
  '.next/BUILD_ID',
];
const missing = needed.filter((path) => !existsSync(join(root, path)));
if (missing.length > 0) {
  console.error(`prepack: refusing to pack an unbuilt tree (missing: ${missing.join(', ')}). Run npm run build first.`);
  process.exit(1);
}
