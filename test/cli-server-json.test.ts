// audit --server-json FILE through the built CLI, against a published server (server-memory 2026.8.31,
// installed in node_modules, mcpName io.github.modelcontextprotocol/server-memory) and its real server.json.
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runCli } from './cli-run';

const fixture = (name: string): string =>
  fileURLToPath(new URL(`./fixtures/server-json/${name}.server.json`, import.meta.url));
const MEMORY = [
  'node',
  fileURLToPath(new URL('../node_modules/@modelcontextprotocol/server-memory/dist/index.js', import.meta.url)),
];

describe('audit --server-json', () => {
  it.each<[string, string, string[], number, string[]]>([
    // Its own server.json: one stdio package, no variable; the package claims the same name.
    ["the package's own server.json: no finding", fixture('memory'), ['--fail-on', 'none'], 0, []],
    // Playwright's server.json against server-memory's package: a foreign claim, gated by --fail-on high.
    [
      "another package's server.json: foreign-mcp-name",
      fixture('playwright-mcp'),
      ['--fail-on', 'high'],
      1,
      ['foreign-mcp-name'],
    ],
  ])('%s', async (_label, file, extra, code, ids) => {
    const run = await runCli(['audit', '--json', '--no-history', '--server-json', file, ...extra, '--', ...MEMORY], {
      MEMORY_FILE_PATH: undefined,
    });
    const report = JSON.parse(run.stdout) as {
      declared?: { findings: { id: string }[]; package: { mcpName: string } | null };
    };
    expect(report.declared?.findings.map((finding) => finding.id)).toEqual(ids);
    expect(report.declared?.package?.mcpName).toBe('io.github.modelcontextprotocol/server-memory');
    expect(run.code).toBe(code);
  });

  it.each([
    ['a missing file', '/nonexistent/server.json', /cannot be read/],
    [
      'a file that is not JSON',
      fileURLToPath(new URL('./fixtures/server-json/SOURCE.md', import.meta.url)),
      /is not JSON/,
    ],
  ])('%s is a usage error (exit 2)', async (_label, file, message) => {
    const run = await runCli(['audit', '--server-json', file, '--', ...MEMORY]);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(message);
  });
});
