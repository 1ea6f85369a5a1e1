// Records what each published corpus server sends for tools/list, once, as a JSON fixture under
// test/fixtures/corpus/ (read by test/corpus-risk.test.ts). Regenerate: `node scripts/record-corpus.mjs [name...]`;
// servers that are not dependencies of this project (`installed: false` in servers.mjs) are installed
// into a scratch folder first (`npm install --ignore-scripts <package>` there) and recorded with
// `node scripts/record-corpus.mjs --packages <folder> <name...>`.
// Each server runs from node_modules with the version pinned in package.json, over stdio, declaring
// the client capabilities an audit declares by default (`host`: roots, sampling, elicitation; servers
// may list some tools only to such clients), in a network namespace of its own (`unshare -rn`, when available) so
// listing cannot reach the network. @playwright/mcp lists its tools without launching a browser: it is
// also given an empty browsers folder and --headless --isolated, so a launch attempt would fail.
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { format, resolveConfig } from 'prettier';
import { corpusServer, CORPUS_SERVERS, HOST_CAPABILITIES, listTools } from '../test/fixtures/corpus/servers.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const OUT = join(ROOT, 'test/fixtures/corpus');

const argv = process.argv.slice(2);
const at = argv.indexOf('--packages');
const packages = at === -1 ? null : argv[at + 1];
const wanted = at === -1 ? argv : argv.filter((_, i) => i !== at && i !== at + 1);
for (const name of wanted) {
  if (!CORPUS_SERVERS.some((server) => server.name === name)) {
    console.error(`Unknown corpus server "${name}". Known: ${CORPUS_SERVERS.map((s) => s.name).join(', ')}.`);
    process.exit(2);
  }
}
mkdirSync(OUT, { recursive: true });
const scratch = mkdtempSync(join(tmpdir(), 'hintcheck-corpus-'));
for (const server of CORPUS_SERVERS.filter((s) => wanted.length === 0 || wanted.includes(s.name))) {
  const from = server.installed === false ? packages : ROOT;
  if (from === null) {
    console.error(`${server.name} is recorded only: give --packages <folder> where ${server.package} is installed.`);
    process.exit(2);
  }
  const spec = corpusServer(server, join(scratch, server.name), from);
  const { version } = JSON.parse(readFileSync(join(from, 'node_modules', server.package, 'package.json'), 'utf8'));
  const tools = await listTools(spec);
  const fixture = {
    package: server.package,
    version,
    recordedWith:
      server.installed === false
        ? `npm install --ignore-scripts ${server.package}@${version} into a scratch folder, then node scripts/record-corpus.mjs --packages <folder> ${server.name} (recorded only: not a dependency of this project)`
        : `node scripts/record-corpus.mjs ${server.name}`,
    launch: spec.display,
    protocolVersion: '2025-06-18',
    capabilities: HOST_CAPABILITIES,
    tools,
  };
  // Formatted as the repository's prettier check expects.
  const file = join(OUT, `${server.name}.json`);
  const options = (await resolveConfig(file)) ?? {};
  writeFileSync(file, await format(JSON.stringify(fixture), { ...options, filepath: file }));
  console.log(`${server.package}@${version}: ${tools.length} tools`);
}
