import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CSV_HEADERS } from '../lib/core/csv/tools';
import { reportSchema } from '../lib/core/report/report';
import { startOAuthFixture } from './fixtures/oauth-server.mjs';
import { CLI, RAW_FIXTURE, ROOT, freePort, readPids, waitGone } from './helpers';

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

function run(args: string[], options: { env?: NodeJS.ProcessEnv; onSpawn?: (pid: number) => void } = {}): Promise<Run> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [CLI, ...args], {
      cwd: ROOT,
      env: {
        ...process.env,
        NO_COLOR: '1',
        HINTCHECK_DB: join(mkdtempSync(join(tmpdir(), 'hintcheck-')), 'h.db'),
        ...options.env,
      },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    if (child.pid !== undefined) options.onSpawn?.(child.pid);
    child.on('close', (code) => {
      resolve({ code, stdout, stderr });
    });
  });
}

const fixture = (scenario: string) => ['audit', '--', process.execPath, RAW_FIXTURE, scenario];

describe('mcp-hintcheck CLI', () => {
  it('prints usage and exits 0 on --help', async () => {
    const { code, stdout } = await run(['--help']);
    expect(code).toBe(0);
    expect(stdout).toContain('mcp-hintcheck audit [options] -- <command> [args...]');
  });

  it.each([
    [[], 'Missing command'],
    [['audit'], 'Nothing to audit'],
    [
      ['audit', '--format', 'xml', '--demo'],
      '--format "xml" is not a format; audit writes text, json, csv, sarif, junit or markdown.',
    ],
    [['audit', '--demo', '--url', 'https://x.test/mcp'], 'exactly one target'],
    [['audit', '--url', 'not a url'], 'is not a URL'],
    [['audit', '--timeout=-5', '--demo'], '--timeout must be a positive whole number'],
    [['audit', '--max-pages', 'ten', '--demo'], '--max-pages must be a positive whole number'],
    [['audit', '--header', 'Authorization: x', '--demo'], '--header and --transport apply to --url'],
    [['audit', '--env', 'BAD-NAME', '--demo'], 'not a valid environment variable name'],
    [['audit', '--bogus'], 'Unknown option --bogus for audit.'],
  ])('rejects bad arguments %j with exit 2 and a clear message', async (args, message) => {
    const { code, stderr } = await run(args);
    expect(code).toBe(2);
    expect(stderr).toContain(message);
    expect(stderr).toContain('try:');
  });

  it("prints the article's summary for the demo", async () => {
    const { code, stdout } = await run(['audit', '--demo', '--fail-on', 'none']);
    expect(code).toBe(0);
    expect(stdout).toContain('16 tools\n');
    expect(stdout).toContain('read-only: 5  destructive: 5  open-world: 6  unannotated: 2\n');
    // Within 100 columns: the counts line breaks between two fields (lib/cli/print/wrap.ts).
    expect(stdout).toContain(
      'partially annotated: 4 (3 flagged; 1 read-only, whose missing hints do not apply)\n  fully annotated: 10  malformed: 2  additive writes: 6\n',
    );
    expect(stdout).toMatch(/writes that declare themselves additive:\n create_quest_draft\n create_webhook\n/);
    expect(stdout).toMatch(/open-world:\n create_webhook\n export_members\n/);
    expect(stdout).not.toContain('\u001b[');
  });

  it('prints the whole Report as JSON', async () => {
    for (const flag of [['--format', 'json'], ['--json']]) {
      const { code, stdout } = await run(['audit', '--demo', '--fail-on', 'none', ...flag]);
      expect(code).toBe(0);
      const report = reportSchema.parse(JSON.parse(stdout));
      expect(report.summary.tools).toBe(16);
      expect(report.schemaVersion).toBe(1);
    }
  });

  it('prints formula-safe CSV, one row per tool', async () => {
    const { code, stdout } = await run([
      ...fixture('hostile-strings').slice(0, 1),
      '--format',
      'csv',
      '--fail-on',
      'none',
      ...fixture('hostile-strings').slice(1),
    ]);
    expect(code).toBe(0);
    const lines = stdout.trimEnd().split('\r\n');
    expect(lines[0]).toBe(CSV_HEADERS.join(','));
    // Riskiest first: ranks 1..n in file order.
    expect(lines.slice(1).map((line) => line.split(',')[0])).toEqual(lines.slice(1).map((_line, i) => String(i + 1)));
    expect(stdout).toContain(`"'=HYPERLINK(""http://x"")"`);
    expect(stdout).toContain("'+cmd");
    expect(stdout).toContain("'-2");
    expect(stdout).toContain("'@SUM(1)");
  });

  it('writes to a file with -o', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'hintcheck-')), 'report.json');
    const { code, stdout, stderr } = await run(['audit', '--demo', '--json', '--fail-on', 'none', '-o', file]);
    expect(code).toBe(0);
    expect(stdout).toBe('');
    expect(stderr).toContain(`wrote json report to ${file}`);
    expect(reportSchema.parse(JSON.parse(readFileSync(file, 'utf8'))).summary.tools).toBe(16);
  });

  it('exits 1 when --fail-on matches, 0 when it does not', async () => {
    expect((await run(['audit', '--demo', '--fail-on', 'high'])).code).toBe(1);
    // The paged tools' only finding is missing-title (low: they send no annotations.title), so a medium gate passes.
    expect(
      (await run([...fixture('paged').slice(0, 1), '--fail-on', 'medium', ...fixture('paged').slice(1)])).code,
    ).toBe(0);
    expect((await run([...fixture('paged').slice(0, 1), '--fail-on', 'low', ...fixture('paged').slice(1)])).code).toBe(
      1,
    );
  });

  it('exits 3 with the error and what to try when the server cannot start', async () => {
    const { code, stdout } = await run(['audit', '--', 'no-such-mcp-server-xyz']);
    expect(code).toBe(3);
    expect(stdout).toContain('error [command-not-found] Command not found: no-such-mcp-server-xyz.');
    expect(stdout).toContain('try: Check the spelling');
  });

  it('never prints a header value', async () => {
    const port = await freePort();
    const { code, stdout, stderr } = await run([
      'audit',
      '--url',
      `http://127.0.0.1:${port}/mcp?key=querysecret`,
      '--header',
      'Authorization: Bearer headersecret-123',
      '--timeout',
      '5000',
    ]);
    expect(code).toBe(3);
    expect(stdout + stderr).not.toContain('headersecret-123');
    expect(stdout + stderr).not.toContain('querysecret');
    expect(stdout).toContain('headers: Authorization');
    expect(stdout).toContain('error [connection-failed] Connection refused by');
    expect(stdout).toContain('The audit could not list any tool');
  });

  it('oauth: compares domains with the public-suffix list (tldts, bundled)', async () => {
    const fixture = await startOAuthFixture('third-party');
    try {
      const { code, stdout } = await run(['oauth', fixture.url]);
      expect(code).toBe(0);
      expect(stdout).toContain('Tokens are issued by localhost, a different domain from 127.0.0.1');
    } finally {
      await fixture.close();
    }
  });

  it('shows hostile strings as inert text in a terminal', async () => {
    const { code, stdout } = await run(['audit', '--fail-on', 'none', ...fixture('hostile-strings').slice(1)]);
    expect(code).toBe(0);
    expect(stdout).not.toMatch(/[\u202e\u200b\u001b]/);
    expect(stdout).toContain('safe\\u{202e}exe.txt');
  });

  it('Ctrl-C cancels the audit and ends the server and its children', async () => {
    const pidFile = join(mkdtempSync(join(tmpdir(), 'hintcheck-')), 'pids');
    let cliPid = 0;
    const result = run(
      ['audit', '--env', `FIXTURE_PID_FILE=${pidFile}`, '--', process.execPath, RAW_FIXTURE, 'grandchildren-hang'],
      {
        onSpawn: (pid) => (cliPid = pid),
      },
    );
    for (let i = 0; i < 100 && !existsSync(pidFile); i++) await new Promise((resolve) => setTimeout(resolve, 50));
    await new Promise((resolve) => setTimeout(resolve, 200));
    process.kill(cliPid, 'SIGINT');
    const { code, stderr } = await result;
    expect(code).toBe(130);
    expect(stderr).toContain('cancelling');
    expect(await waitGone(readPids(pidFile))).toEqual([]);
  });

  it('the bundle loads neither Next.js nor React', () => {
    const bundle = readdirSync(join(ROOT, 'dist/cli'))
      .map((file) => readFileSync(join(ROOT, 'dist/cli', file), 'utf8'))
      .join('\n');
    expect(bundle).not.toMatch(/(from|require\()\s*["'](react|react-dom|next)(\/[^"']*)?["']/);
    expect(bundle).not.toContain('__NEXT');
  });
});

describe('what the CLI evaluates (module graph in the esbuild metafile of dist/cli/main.cjs)', () => {
  interface Input {
    imports: { path: string; kind: string; external?: boolean }[];
  }
  const inputs = (): Record<string, Input> =>
    (JSON.parse(readFileSync(join(ROOT, 'dist/cli-meta.json'), 'utf8')) as { inputs: Record<string, Input> }).inputs;

  /**
   * The modules evaluated when `from` is: itself and what it imports statically, transitively. In the
   * CommonJS bundle a module reached only through import() sits in a lazy wrapper and is evaluated
   * when that import() runs (scripts/build-cli.mjs).
   */
  function evaluatedWith(from: readonly string[], all: Record<string, Input>, seen = new Set<string>()): Set<string> {
    for (const file of from) {
      if (seen.has(file)) continue;
      seen.add(file);
      const statics = (all[file]?.imports ?? [])
        .filter((edge) => (edge.kind === 'import-statement' || edge.kind === 'require-call') && edge.external !== true)
        .map((edge) => edge.path);
      evaluatedWith(statics, all, seen);
    }
    return seen;
  }

  it('is one CommonJS bundle, loaded after the compile cache is turned on', () => {
    expect(readdirSync(join(ROOT, 'dist/cli')).sort()).toEqual(['compile-cache.cjs', 'main.cjs']);
    expect(Object.keys(inputs())).toContain('lib/cli/audit-command.ts');
  });

  it('starts a stdio server before evaluating the SDK, zod or the report code', () => {
    const all = inputs();
    const beforeSpawn = [...evaluatedWith(['lib/cli/main.ts'], all)];
    expect(beforeSpawn).toContain('lib/server/mcp/stdio-transport.ts');
    expect(beforeSpawn).toContain('lib/server/process/default-spawner.ts');
    // cross-spawn is for Windows only, loaded there from node_modules (not even bundled).
    for (const heavy of [
      /node_modules\/zod\//,
      /node_modules\/@modelcontextprotocol\//,
      /lib\/core\/report\/report\.ts/,
      /node_modules\/cross-spawn\//,
    ])
      expect(beforeSpawn.filter((file) => heavy.test(file))).toEqual([]);
    // The heavy parts are there, behind import().
    const lazy = all['lib/cli/main.ts']?.imports.filter((edge) => edge.kind === 'dynamic-import').map((e) => e.path);
    expect(lazy).toEqual(expect.arrayContaining(['lib/cli/audit-command.ts']));
  });

  it('evaluates the OAuth check (guarded fetch, IP ranges) only for URLs, and token ranks never', () => {
    const all = inputs();
    const stdioPath = [...evaluatedWith(['lib/cli/main.ts', 'lib/cli/audit-command.ts'], all)];
    expect(stdioPath).toContain('lib/server/audit/audit.ts');
    for (const urlOnly of [
      /lib\/server\/oauth-discovery\.ts/,
      /lib\/server\/guarded-fetch\.ts/,
      /ipaddr\.js/,
      /gpt-tokenizer/,
    ])
      expect(stdioPath.filter((file) => urlOnly.test(file))).toEqual([]);
    expect([...evaluatedWith(['lib/server/mcp/oauth-discovery.ts'], all)]).toContain('lib/server/mcp/guarded-fetch.ts');
  });
});
