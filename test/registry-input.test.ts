// `mcp-hintcheck registry` with bad input: a base URL nobody answers, answers that are not the registry
// API (not JSON, not a list, HTTP 500), a file that does not exist, a folder, an empty file, a file that
// is not JSON, and `registry merge` given a missing or foreign run file. Each is exit 2 with a message
// naming the problem, in seconds, with no run file left behind. Then the terminal's progress line, from
// the command run in-process with a TTY stderr: counts, rate, ETA, and a server's name escaped.
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXIT } from '../lib/cli/exit-codes';
import { runRegistryMain } from '../lib/cli/registry-main';
import { runCli, tempDir } from './cli-run';
import { ROOT } from './helpers';

const RUNNER = `npm=${process.execPath} ${join(ROOT, 'test/fixtures/registry/package-server.mjs')}`;

/** A loopback server answering every request with one status and body. */
async function answering(status: number, body: string): Promise<{ url: string; server: Server }> {
  const server = createServer((_request, response) => {
    response.writeHead(status, { 'content-type': 'text/html' }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  return { url: `http://127.0.0.1:${typeof address === 'object' && address !== null ? address.port : 0}`, server };
}

describe('mcp-hintcheck registry with bad input', () => {
  const servers: Server[] = [];
  const urls: Record<string, string> = {};
  const dir = tempDir();
  beforeAll(async () => {
    for (const [name, status, body] of [
      ['html', 200, '<html><body>Not the registry</body></html>'],
      ['object', 200, '{"hello":"world"}'],
      ['error', 500, 'internal error'],
    ] as const) {
      const { url, server } = await answering(status, body);
      urls[name] = url;
      servers.push(server);
    }
    // A port that was just open: nothing listens there now.
    const closed = await answering(200, '');
    urls.refused = closed.url;
    await new Promise((resolve) => closed.server.close(resolve));
    writeFileSync(join(dir, 'empty.ndjson'), '\n\n');
    writeFileSync(join(dir, 'prose.txt'), 'These are the servers we use:\nthe memory one\n');
    writeFileSync(join(dir, 'one-line.txt'), '{not json');
    mkdirSync(join(dir, 'folder'));
    writeFileSync(join(dir, 'not-a-run.ndjson'), '{"hello":1}\nplain text\n');
  });
  afterAll(async () => {
    await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  });

  it.each([
    ['a refused connection', () => urls.refused, /page 1 \(.*\) could not be read: fetch failed \(ECONNREFUSED\)/],
    ['an HTML answer', () => urls.html, /page 1 \(.*\) is not JSON/],
    [
      'JSON that is not a server list',
      () => urls.object,
      /page 1 \(.*\) is not a server list \(\{servers, metadata\}\)/,
    ],
    ['HTTP 500', () => urls.error, /page 1 \(.*\) answered HTTP 500/],
    ['a file that does not exist', () => join(dir, 'missing.ndjson'), /missing\.ndjson: no such file/],
    ['a folder', () => join(dir, 'folder'), /folder: is a folder, not a file/],
    ['an empty file', () => join(dir, 'empty.ndjson'), /empty\.ndjson: holds no server entries/],
    ['a file that is not JSON', () => join(dir, 'prose.txt'), /prose\.txt: is not JSON/],
    ['one line that is not JSON', () => join(dir, 'one-line.txt'), /one-line\.txt: is not JSON/],
  ])('%s: exit 2, the problem named, no run file', { timeout: 30_000 }, async (_what, source, message) => {
    const runFile = join(dir, `run-${Math.random().toString(36).slice(2)}.ndjson`);
    const started = Date.now();
    const run = await runCli(['registry', source() ?? '', '--run-file', runFile, '--timeout', '2000']);
    expect(run.code).toBe(EXIT.usage);
    expect(run.stderr).toMatch(message);
    expect(run.stderr).toMatch(/^try: /m);
    expect(run.stderr).not.toMatch(/\n\s+at /); // no stack trace
    expect(run.stdout).toBe('');
    expect(existsSync(runFile)).toBe(false);
    expect(Date.now() - started).toBeLessThan(20_000);
  });

  it.each([
    ['a run file that does not exist', 'gone.ndjson', /gone\.ndjson: no such run file/],
    ['a file with no rows', 'not-a-run.ndjson', /not-a-run\.ndjson: not a run file \(none of its 2 lines is a row\)/],
  ])('registry merge with %s: exit 2, no report', async (_what, name, message) => {
    const out = join(dir, `report-${name}.json`);
    const run = await runCli(['registry', 'merge', join(dir, name), '-o', out]);
    expect(run.code).toBe(EXIT.usage);
    expect(run.stderr).toMatch(message);
    expect(existsSync(out)).toBe(false);
  });
});

describe('the registry run on a terminal', () => {
  it(
    'rewrites one progress line on stderr (done, failed, left, rate, ETA, the name escaped)',
    { timeout: 60_000 },
    async () => {
      const dir = tempDir();
      const npm = (name: string, identifier: string) =>
        JSON.stringify({
          name,
          version: '1.0.0',
          description: 'A fixture.',
          packages: [{ registryType: 'npm', identifier, version: '1.0.0', transport: { type: 'stdio' } }],
        });
      writeFileSync(
        join(dir, 'entries.ndjson'),
        [
          npm('io.github.fixture/pkg-001', '@fixture/pkg-001'),
          npm('io.github.fixture/\u001b[31mred\u0007', '@fixture/pkg-002'),
          npm('io.github.fixture/crash', '@fixture/crash'),
        ].join('\n'),
      );
      let stderr = '';
      let stdout = '';
      const stream = (write: (text: string) => void) =>
        ({
          isTTY: true,
          write: (chunk: string | Uint8Array) => (write(String(chunk)), true),
        }) as unknown as NodeJS.WritableStream & {
          isTTY: boolean;
        };
      const code = await runRegistryMain(
        [
          join(dir, 'entries.ndjson'),
          '--run-file',
          join(dir, 'run.ndjson'),
          '--concurrency',
          '1',
          '--package-runner',
          RUNNER,
        ],
        {
          stdout: stream((text) => (stdout += text)),
          stderr: stream((text) => (stderr += text)),
          callerEnv: Object.fromEntries([['PATH', process.env.PATH ?? '']]) as NodeJS.ProcessEnv,
        },
      );
      expect(code).toBe(EXIT.unreachable); // the crash is one failed row
      expect(stdout).toBe(''); // no NDJSON on a terminal
      const lines = stderr.split('\r\u001b[2K');
      expect(lines[0]).toBe('Auditing 3 of 3 servers, 1 at a time…\n');
      expect(lines.slice(1, 3).map((line) => line.replace(/ · [\d.]+\/min · ETA [\d:]+/, ''))).toEqual([
        '1/3 done · 0 failed · 2 left · last: io.github.fixture/pkg-001@1.0.0',
        '2/3 done · 0 failed · 1 left · last: io.github.fixture/\\u{1b}[31mred\\u{7}@1.0.0',
      ]);
      expect(lines[3]).toMatch(
        /^3\/3 done · 1 failed · 0 left · [\d.]+\/min · ETA 00:00 · last: io\.github\.fixture\/crash@1\.0\.0\n3 audited \(1 failed\), 0 already in .*run\.ndjson\.\n$/,
      );
      // Nothing but the line's own rewrite sequence reaches the terminal raw.
      expect(stderr.replaceAll('\r\u001b[2K', '')).not.toMatch(/[\u0000-\u0009\u000b-\u001f]/);
    },
  );
});
