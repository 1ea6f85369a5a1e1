// `mcp-hintcheck scan` as a user runs it: a temporary HOME with client configurations, the built CLI,
// the consent question answered through a pipe and on a pseudo-terminal (util-linux `script`).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { scanExportSchema } from '../lib/core/session/scan-export';
import { NODE, RAW, writeText } from './config-fixtures';
import { CLI, ROOT } from './helpers';
import { expectGithubReady, type Sarif } from './sarif-schema';
import { scratchFolders } from './scratch-folders';

/** How many rules of the run have this id. */
const rulesOf = (run: Sarif['runs'][number], id: string): number =>
  run.tool.driver.rules.filter((rule) => rule.id === id).length;

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

const RECORDER = join(ROOT, 'test/fixtures/launch-recorder.mjs');

const tempHome = scratchFolders('cli-scan');

function home(servers: Record<string, unknown>): string {
  const dir = tempHome();
  writeText(join(dir, '.cursor/mcp.json'), JSON.stringify({ mcpServers: servers }, null, 2));
  return dir;
}

/** A server that appends its name to `log` when launched, then serves the raw fixture's scenario. */
function recorded(log: string, name: string, scenario = 'basic') {
  return { command: NODE, args: [RECORDER, log, name, scenario] };
}

/** The names of the servers launched, in order ([] when none was). */
function launched(log: string): string[] {
  return existsSync(log) ? readFileSync(log, 'utf8').trim().split('\n').filter(Boolean).sort() : [];
}

const ENV = {
  NODE_ENV: 'test' as const,
  PATH: process.env.PATH ?? '',
  NO_COLOR: '1',
  SCAN_CANARY: 'scan-canary-5d1e77aa90',
};

/** Runs the built CLI's scan in `place`; `stdin` is written to its pipe, then the pipe is closed. */
function scanIn(place: { home: string; project: string; cwd: string }, args: string[], stdin = ''): Promise<Run> {
  return new Promise((resolve) => {
    const child = spawn(NODE, [CLI, 'scan', '--project', place.project, ...args], {
      cwd: place.cwd,
      env: { ...ENV, HOME: place.home },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.stdin.end(stdin);
    child.on('close', (code) => {
      resolve({ code, stdout, stderr });
    });
  });
}

/** scan with HOME and the project both `dir`, run from the repository root. */
const scan = (dir: string, args: string[], stdin = ''): Promise<Run> =>
  scanIn({ home: dir, project: dir, cwd: ROOT }, args, stdin);

describe('mcp-hintcheck scan', () => {
  it('lists servers and findings, and launches nothing when stdin ends without an answer (exit 2)', async () => {
    const dir = home({});
    const pidFile = join(dir, 'pids');
    writeText(
      join(dir, '.cursor/mcp.json'),
      JSON.stringify({
        mcpServers: { spy: { command: NODE, args: [RAW, 'grandchildren'], env: { FIXTURE_PID_FILE: pidFile } } },
      }),
    );
    writeText(
      join(dir, '.gemini/settings.json'),
      JSON.stringify(
        {
          mcpServers: {
            gh: {
              command: 'npx',
              args: ['-y', 'some-server'],
              env: { GITHUB_TOKEN: 'ghp_abcdefghijklmnopqrstuvwxyz0123456789' },
            },
          },
        },
        null,
        2,
      ),
    );
    const run = await scan(dir, []);
    expect(run.code).toBe(2);
    expect(run.stdout).toContain('2 MCP servers found');
    expect(run.stdout).toMatch(/spy\s+Cursor\s+~\/\.cursor\/mcp\.json:1/);
    expect(run.stdout).toMatch(/gh\s+Gemini CLI\s+~\/\.gemini\/settings\.json:3/);
    expect(run.stdout).toContain('env: GITHUB_TOKEN');
    expect(run.stdout).toContain('plaintext-secret');
    expect(run.stdout).toContain('unpinned-package');
    expect(run.stdout).not.toContain('ghp_abc');
    expect(run.stderr).toContain('Audit which servers?');
    expect(run.stderr).toContain('stdin ended without an answer; nothing launched.');
    expect(run.stderr).toContain('Valid numbers: 1-2 (1 spy, 2 gh)');
    expect(existsSync(pidFile)).toBe(false);
  });

  it('audits exactly the servers a piped answer names, and nothing else', async () => {
    const dir = tempHome();
    const log = join(dir, 'launched');
    writeText(
      join(dir, '.cursor/mcp.json'),
      JSON.stringify(
        {
          mcpServers: {
            one: recorded(log, 'one'),
            two: recorded(log, 'two'),
            three: recorded(log, 'three', 'paged'),
            four: recorded(log, 'four'),
          },
        },
        null,
        2,
      ),
    );
    const run = await scan(dir, ['--format', 'json', '--fail-on', 'none'], '1,3\n');
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toContain('Audit which servers? [y = all 4 enabled, n = none, or numbers like 1,3-5]: 1,3');
    expect(launched(log)).toEqual(['one', 'three']);
    const output = scanExportSchema.parse(JSON.parse(run.stdout));
    expect(output.overview.map((row) => [row.name, row.status, row.tools])).toEqual([
      ['one', 'ok', 8],
      ['three', 'ok', 6],
    ]);
    expect(output.servers).toHaveLength(4);

    // "n" from a pipe is an answer too: nothing starts, exit 0.
    const none = await scan(dir, [], 'n\n');
    expect(none.code).toBe(0);
    expect(none.stderr).toContain('Nothing chosen; nothing launched.');
    expect(launched(log)).toEqual(['one', 'three']);
  }, 30_000);

  it.each([
    ['a number outside the list', '7\n', '"7" is not usable: 7 is outside 1-2'],
    ['a word', 'both\n', '"both" is not usable: "both" is not a number or a range'],
    ['a range past the end', '1-5\n', '1-5 is outside 1-2'],
    ['an empty line', '\n', 'stdin gave an empty line, not an answer'],
    ['nothing at all', '', 'stdin ended without an answer'],
  ])('refuses %s from a pipe with exit 2, says what to type, and launches nothing', async (_what, answer, message) => {
    const dir = tempHome();
    const log = join(dir, 'launched');
    writeText(
      join(dir, '.cursor/mcp.json'),
      JSON.stringify({ mcpServers: { alpha: recorded(log, 'alpha'), beta: recorded(log, 'beta') } }, null, 2),
    );
    const run = await scan(dir, ['--format', 'json'], answer);
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toContain(message);
    expect(run.stderr).toContain('nothing launched.');
    expect(run.stderr).toContain(
      'try: type y (all 2 enabled), n (none), or numbers and ranges like 1,3-5. Valid numbers: 1-2 (1 alpha, 2 beta).',
    );
    expect(launched(log)).toEqual([]);
  });

  const hasScript = spawnSync('script', ['--version'], { encoding: 'utf8' }).status === 0;
  it.runIf(hasScript)(
    'asks on a pseudo-terminal (util-linux script) and audits the typed choice',
    async () => {
      const dir = tempHome();
      const log = join(dir, 'launched');
      writeText(
        join(dir, '.cursor/mcp.json'),
        JSON.stringify({ mcpServers: { left: recorded(log, 'left'), right: recorded(log, 'right') } }, null, 2),
      );
      const quote = (text: string): string => `'${text.replaceAll("'", "'\\''")}'`;
      const inPty = (answer: string): Promise<Run> =>
        new Promise((resolve) => {
          const command = [NODE, CLI, 'scan', '--fail-on', 'none', '--project', dir].map(quote).join(' ');
          const child = spawn('script', ['-q', '-e', '-c', command, '/dev/null'], {
            cwd: ROOT,
            env: { ...ENV, HOME: dir, TERM: 'dumb' },
          });
          let stdout = '';
          child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
          child.stdin.end(answer);
          child.on('close', (code) => {
            resolve({ code, stdout, stderr: '' });
          });
        });
      const typed = await inPty('2\n');
      expect(typed.code, typed.stdout).toBe(0);
      expect(typed.stdout).toContain('Audit which servers? [y = all 2 enabled');
      expect(typed.stdout).toMatch(/Overview: 1 of 1 audited/);
      expect(launched(log)).toEqual(['right']);
      // On a terminal, Enter alone chooses none.
      const enter = await inPty('\n');
      expect(enter.code, enter.stdout).toBe(0);
      expect(enter.stdout).toContain('Nothing chosen; nothing launched.');
      expect(launched(log)).toEqual(['right']);
    },
    30_000,
  );

  it('audits with --yes into one JSON of every Report, and exits 3 when a server cannot start', async () => {
    const dir = home({
      ok: { command: NODE, args: [RAW, 'basic'], env: { TOKEN: '${env:SCAN_CANARY}' } },
      dies: { command: NODE, args: [RAW, 'exit-early'] },
    });
    const run = await scan(dir, ['--yes', '--format', 'json']);
    expect(run.code).toBe(3);
    const output = scanExportSchema.parse(JSON.parse(run.stdout));
    expect(output.overview.map((row) => [row.name, row.status])).toEqual([
      ['ok', 'ok'],
      ['dies', 'failed'],
    ]);
    expect(output.reports.map((r) => r.name)).toEqual(['ok', 'dies']);
    expect(output.overview[1]?.error).toContain('MISSING_API_KEY');
    expect(`${run.stdout}${run.stderr}`).not.toContain('scan-canary');
  }, 30_000);

  it('writes the overview as CSV and exits 0 when every audit succeeds', async () => {
    const dir = home({ a: { command: NODE, args: [RAW, 'basic'] }, b: { command: NODE, args: [RAW, 'paged'] } });
    const run = await scan(dir, ['--yes', '--format', 'csv', '--concurrency', '2', '--fail-on', 'none']);
    expect(run.code).toBe(0);
    const lines = run.stdout.trim().split('\r\n');
    expect(lines[0]).toMatch(/^name,clients,locations,status,/);
    expect(lines.slice(1).map((line) => line.split(',').slice(0, 4).join(','))).toEqual([
      `a,Cursor,${dir}/.cursor/mcp.json:3,ok`,
      `b,Cursor,${dir}/.cursor/mcp.json:10,ok`,
    ]);
  }, 30_000);

  it.each([
    [['--client', 'notepad'], /--client "notepad" is not one of/],
    [['--config', '/nonexistent/mcp.json'], /no such file/],
    [['--concurrency', '0'], /--concurrency must be a whole number/],
  ])('exits 2 on %j', async (args, message) => {
    const run = await scan(home({}), args);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(message);
  });
});

describe('mcp-hintcheck scan --format sarif', () => {
  it('puts every finding at its entry (file and line), validates against SARIF 2.1.0, and keeps fingerprints when lines move', async () => {
    const dir = tempHome();
    const place = { home: join(dir, 'home'), project: join(dir, 'repo'), cwd: join(dir, 'repo') };
    const notes = { command: NODE, args: [RAW, 'basic'] };
    const projectFile = join(place.project, '.mcp.json');
    const projectText = JSON.stringify(
      {
        mcpServers: {
          notes,
          legacy: { command: NODE, args: [RAW, 'old-protocol'] },
          broken: { command: NODE, args: [RAW, 'exit-early'] },
          'remote-pkg': { command: 'npx', args: ['-y', 'some-server'] },
        },
      },
      null,
      2,
    );
    writeText(projectFile, projectText);
    // The same server, identically, in the user's Cursor file (outside the repository): audited once.
    const userFile = writeText(
      join(place.home, '.cursor/mcp.json'),
      JSON.stringify({ mcpServers: { notes } }, null, 2),
    );

    // Which numbers to answer: every server but the npx one (it would fetch from the network).
    const listing = await scanIn(place, ['--format', 'json'], 'n\n');
    expect(listing.code, listing.stderr).toBe(0);
    const servers = scanExportSchema.parse(JSON.parse(listing.stdout)).servers;
    expect(servers).toHaveLength(5);
    const answer = `${servers.flatMap((server, i) => (server.name === 'remote-pkg' ? [] : [i + 1])).join(',')}\n`;

    const sarifOf = async (): Promise<Sarif> => {
      const run = await scanIn(place, ['--format', 'sarif'], answer);
      expect(run.code, run.stderr).toBe(3);
      return JSON.parse(run.stdout) as Sarif;
    };
    const first = await sarifOf();
    expectGithubReady(first);
    const run = first.runs[0];
    if (run === undefined) throw new Error('no run');
    const ruleIds = run.tool.driver.rules.map((rule) => rule.id);
    expect(new Set(ruleIds).size).toBe(ruleIds.length);
    expect(run.automationDetails.id).toMatch(/^mcp-hintcheck\/scan\//);
    const lineOf = (file: string, line: number | undefined): string =>
      readFileSync(file, 'utf8').split('\n')[(line ?? 0) - 1] ?? '';
    const at = (uri: string) => (result: (typeof run.results)[number]) =>
      result.locations[0]?.physicalLocation.artifactLocation.uri === uri;

    // A configuration finding, before launch, at its entry in the repository file.
    const unpinned = run.results.find((result) => result.ruleId === 'unpinned-package');
    expect(unpinned?.locations[0]?.physicalLocation.artifactLocation.uri).toBe('.mcp.json');
    expect(lineOf(projectFile, unpinned?.locations[0]?.physicalLocation.region.startLine)).toContain('"remote-pkg"');

    // The audited server's flags, once per entry: in the repository file and in the user's file.
    const inRepo = run.results.filter(
      (result) => result.message.text.startsWith('notes › ') && at('.mcp.json')(result),
    );
    const outside = run.results.filter(
      (result) => result.message.text.startsWith('notes › ') && at('mcp-client-config/~/.cursor/mcp.json')(result),
    );
    expect(inRepo.length).toBeGreaterThan(5);
    expect(outside.map((result) => result.ruleId)).toEqual(inRepo.map((result) => result.ruleId));
    expect(lineOf(projectFile, inRepo[0]?.locations[0]?.physicalLocation.region.startLine)).toContain('"notes"');
    expect(lineOf(userFile, outside[0]?.locations[0]?.physicalLocation.region.startLine)).toContain('"notes"');
    expect(outside[0]?.locations[0]?.physicalLocation.artifactLocation.description.text).toBe(
      'Outside the repository: ~/.cursor/mcp.json',
    );
    expect(inRepo[0]?.locations[0]?.logicalLocations[0]?.fullyQualifiedName).toMatch(/^notes\//);
    expect(rulesOf(run, 'unannotated')).toBe(1);

    // A session finding across servers, located at the entries of the servers that form it.
    const collision = run.results.find((result) => result.ruleId === 'tool-name-collision');
    const collisionLines = (collision?.locations ?? []).map((location) =>
      location.physicalLocation.artifactLocation.uri === '.mcp.json'
        ? lineOf(projectFile, location.physicalLocation.region.startLine)
        : '',
    );
    expect(collisionLines.some((line) => line.includes('"legacy"'))).toBe(true);
    expect(collisionLines.some((line) => line.includes('"notes"'))).toBe(true);

    // The server that could not start is a notification at its entry, not a finding.
    const [invocation] = run.invocations;
    expect(invocation?.executionSuccessful).toBe(true);
    const failure = invocation?.toolExecutionNotifications[0];
    expect(failure?.descriptor.id).toBe('server-exited');
    expect(failure?.message.text).toMatch(/^broken: /);
    expect(lineOf(projectFile, failure?.locations[0]?.physicalLocation.region.startLine)).toContain('"broken"');

    // Two lines inserted above every entry: the same alerts (fingerprints), two lines lower.
    writeText(projectFile, projectText.replace('{\n', '{\n\n\n'));
    const second = (await sarifOf()).runs[0];
    const key = (result: (typeof run.results)[number]) => Object.values(result.partialFingerprints).join();
    expect(second?.results.map(key).sort()).toEqual(run.results.map(key).sort());
    const shifted = second?.results.find((result) => key(result) === (unpinned === undefined ? '' : key(unpinned)));
    expect(shifted?.locations[0]?.physicalLocation.region.startLine).toBe(
      (unpinned?.locations[0]?.physicalLocation.region.startLine ?? 0) + 2,
    );
  }, 60_000);

  it('with nothing chosen still reports the configuration findings, and markdown says the same', async () => {
    const dir = home({ pkg: { command: 'npx', args: ['some-server@latest'] } });
    const sarifRun = await scan(dir, ['--format', 'sarif'], 'n\n');
    expect(sarifRun.code).toBe(0);
    const sarif = JSON.parse(sarifRun.stdout) as Sarif;
    expectGithubReady(sarif);
    expect(sarif.runs[0]?.results.map((result) => result.ruleId)).toEqual(['unpinned-package']);
    const markdown = await scan(dir, ['--format', 'markdown'], 'n\n');
    expect(markdown.code).toBe(0);
    expect(markdown.stdout).toMatch(/^### mcp-hintcheck scan: 1 server found, nothing audited/);
    expect(markdown.stdout).toContain('| medium | `unpinned-package` | pkg | \\~/.cursor/mcp.json:3 |');
  });
});
