// Configured servers end to end: discovery in a temporary HOME per OS, the listing and findings,
// a batch of ten real servers where three fail, the canary that no environment value reaches a
// report, and one cancel for all.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { candidateFiles, type DiscoveryPlace } from '../lib/server/config/config-discovery';
import { runBatch } from '../lib/server/audit/batch';
import { loadServers, planBatch, sessionView } from '../lib/server/config/scan';
import { EVERYTHING, MEMORY, NODE, RAW, USER_FILES, writeAllClients, writeText } from './config-fixtures';
import { DEMO_SERVER, freePort } from './helpers';
import { scratchFolders } from './scratch-folders';

const tempDir = scratchFolders('scan');

const baseEnv = (home: string) => ({ HOME: home, PATH: process.env.PATH ?? '/usr/bin:/bin' });

describe.each(['linux', 'darwin'] as const)('discovery on %s', (platform) => {
  it('finds every client file at its documented location, with file and line of each entry', async () => {
    const home = tempDir();
    const project = join(home, 'work', 'proj');
    const { expected } = writeAllClients(home, project, platform);
    const place: DiscoveryPlace = { platform, home, projectDir: project, env: baseEnv(home) };
    const loaded = await loadServers(place);
    const found = loaded.listing.servers.map((s) => [s.client, s.name, s.file, s.line]);
    expect(found).toEqual(expect.arrayContaining(expected.map((row) => [...row])));
    expect(found).toHaveLength(expected.length);
    const ids = loaded.listing.findings.map((f) => `${f.server ?? '-'}:${f.id}`);
    expect(ids).toEqual(expect.arrayContaining(['vs-remote:needs-value', 'wind-remote:insecure-url']));
  });
});

const FIRST_SIX: readonly string[] = ['claude-desktop', 'claude-code', 'cursor', 'vscode', 'windsurf', 'gemini'];

describe('discovery on win32 (paths only: this machine cannot hold Windows paths)', () => {
  it('uses %APPDATA% for Claude Desktop and VS Code and the home folder for the others', () => {
    const files = candidateFiles({
      platform: 'win32',
      home: 'C:\\Users\\ann',
      projectDir: 'D:\\src\\app',
      env: { APPDATA: 'C:\\Users\\ann\\AppData\\Roaming' },
    })
      .filter((c) => FIRST_SIX.includes(c.client))
      .map((c) => `${c.client} ${c.scope} ${c.file}`);
    expect(files).toEqual([
      'claude-desktop user C:\\Users\\ann\\AppData\\Roaming\\Claude\\claude_desktop_config.json',
      'claude-code user C:\\Users\\ann\\.claude.json',
      'claude-code project D:\\src\\app\\.mcp.json',
      'claude-code managed C:\\ProgramData\\ClaudeCode\\managed-mcp.json',
      'cursor user C:\\Users\\ann\\.cursor\\mcp.json',
      'cursor project D:\\src\\app\\.cursor\\mcp.json',
      'vscode user C:\\Users\\ann\\AppData\\Roaming\\Code\\User\\mcp.json',
      'vscode project D:\\src\\app\\.vscode\\mcp.json',
      'windsurf user C:\\Users\\ann\\.codeium\\windsurf\\mcp_config.json',
      'windsurf user C:\\Users\\ann\\.codeium\\mcp_config.json',
      'gemini user C:\\Users\\ann\\.gemini\\settings.json',
      'gemini project D:\\src\\app\\.gemini\\settings.json',
    ]);
  });
});

describe('a batch of configured servers', () => {
  it('audits ten servers where three fail: seven reports and three clear errors', async () => {
    const home = tempDir();
    const closed = await freePort();
    const raw = (scenario: string) => ({ command: NODE, args: [RAW, scenario] });
    const file = writeText(
      join(home, USER_FILES.linux['claude-code']),
      JSON.stringify(
        {
          mcpServers: {
            basic: raw('basic'),
            paged: raw('paged'),
            noise: raw('stdout-noise'),
            'json-not-rpc': raw('json-not-rpc'),
            hostile: raw('hostile-strings'),
            everything: { command: NODE, args: [EVERYTHING, 'stdio'] },
            memory: { command: NODE, args: [MEMORY], env: { MEMORY_FILE_PATH: join(home, 'memory.jsonl') } },
            'exits-early': raw('exit-early'),
            'not-installed': { command: join(home, 'no-such-server') },
            unreachable: { type: 'http', url: `http://127.0.0.1:${closed}/mcp` },
          },
        },
        null,
        2,
      ),
    );
    const place: DiscoveryPlace = { platform: 'linux', home, projectDir: null, env: baseEnv(home) };
    const loaded = await loadServers(place, { clients: ['claude-code'] });
    expect(loaded.listing.servers.every((s) => s.file === file)).toBe(true);
    const plan = planBatch(
      loaded,
      loaded.listing.servers.map((s) => s.id),
      { place, values: {} },
    );
    expect(plan.items).toHaveLength(10);
    const started: string[] = [];
    let inFlight = 0;
    let mostInFlight = 0;
    const results = await runBatch(plan.items, {
      concurrency: 4,
      audit: { callerEnv: place.env, timeoutMs: 20_000 },
      onEvent: (event) => {
        if (event.type === 'started') {
          started.push(event.id);
          mostInFlight = Math.max(mostInFlight, ++inFlight);
        }
        if (event.type === 'result') inFlight--;
      },
    });
    expect(mostInFlight).toBe(4);
    const view = sessionView(plan, results);
    const byName = Object.fromEntries(view.rows.map((row) => [row.name, row]));
    expect(
      view.rows
        .filter((row) => row.status === 'ok')
        .map((row) => row.name)
        .sort(),
    ).toEqual(['basic', 'everything', 'hostile', 'json-not-rpc', 'memory', 'noise', 'paged']);
    expect(results.filter((r) => r.status === 'ok' && r.report !== null)).toHaveLength(7);
    expect(byName['exits-early']?.error).toContain('MISSING_API_KEY');
    expect(byName['not-installed']?.error).toMatch(/not found|no such file|ENOENT/i);
    expect(byName.unreachable?.error).toMatch(/refused|connect/i);
    expect(started).toHaveLength(10);
    expect(byName.everything?.tools).toBeGreaterThan(5);
    expect(byName.everything?.tokens).toBeGreaterThan(100);
    expect(byName.everything?.protocolVersion).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(view.findings.length).toBeGreaterThan(0);
  }, 60_000);

  it('passes no environment value into a report: the canary', async () => {
    const home = tempDir();
    const canary = 'canary-7f3a9c1e5b2d4068';
    const parentOnly = 'parent-only-canary-a1b2c3d4';
    writeText(
      join(home, '.claude.json'),
      JSON.stringify({
        mcpServers: {
          dump: {
            command: NODE,
            args: [RAW, 'env-dump', '--token', '${CANARY_TOKEN}'],
            env: { API_TOKEN: '${CANARY_TOKEN}', PLAIN: 'literal-config-value' },
          },
        },
      }),
    );
    const env = { ...baseEnv(home), CANARY_TOKEN: canary, PARENT_ONLY: parentOnly };
    const place: DiscoveryPlace = { platform: 'linux', home, projectDir: null, env };
    const loaded = await loadServers(place, { clients: ['claude-code'] });
    expect(JSON.stringify(loaded.listing)).not.toContain(canary);
    const plan = planBatch(
      loaded,
      loaded.listing.servers.map((s) => s.id),
      { place, values: {} },
    );
    const events: unknown[] = [];
    const results = await runBatch(plan.items, { audit: { callerEnv: env }, onEvent: (e) => events.push(e) });
    const report = results[0]?.report;
    expect(results[0]?.status).toBe('ok');
    const keys = JSON.parse(report?.tools.find((t) => t.name === 'env')?.description ?? '[]') as string[];
    // The entry's variables and the allowlist reach the server; nothing else of the parent does.
    expect(keys).toEqual(expect.arrayContaining(['API_TOKEN', 'PLAIN', 'HOME', 'PATH']));
    expect(keys).not.toContain('PARENT_ONLY');
    expect(keys).not.toContain('CANARY_TOKEN');
    const everything = JSON.stringify([results, events, sessionView(plan, results)]);
    expect(everything).not.toContain(canary);
    expect(everything).not.toContain(canary.slice(0, 12));
    expect(everything).not.toContain('literal-config-value');
    expect(everything).not.toContain(parentOnly);
  }, 30_000);

  it('passes the variables of an envFile (Cursor), redacted, and refuses a missing one', async () => {
    const home = tempDir();
    const project = join(home, 'proj');
    const fileCanary = 'envfile-canary-93b1d0e4c2';
    writeText(join(project, '.env'), `# secrets\nFILE_TOKEN="${fileCanary}"\nexport OTHER=1\n`);
    writeText(
      join(project, '.cursor/mcp.json'),
      JSON.stringify({
        mcpServers: {
          withfile: { command: NODE, args: [RAW, 'env-dump'], envFile: '${workspaceFolder}/.env' },
          missing: { command: NODE, args: [RAW, 'basic'], envFile: '.env.missing' },
        },
      }),
    );
    const place: DiscoveryPlace = { platform: 'linux', home, projectDir: project, env: baseEnv(home) };
    const loaded = await loadServers(place, { clients: ['cursor'] });
    const plan = planBatch(
      loaded,
      loaded.listing.servers.map((s) => s.id),
      { place, values: {} },
    );
    const results = await runBatch(plan.items, { audit: { callerEnv: place.env } });
    const keys = JSON.parse(results[0]?.report?.tools.find((t) => t.name === 'env')?.description ?? '[]') as string[];
    expect(keys).toEqual(expect.arrayContaining(['FILE_TOKEN', 'OTHER']));
    expect(JSON.stringify(results)).not.toContain(fileCanary);
    expect(results[1]).toMatchObject({ status: 'failed', error: { code: 'env-missing' } });
    expect(results[1]?.error?.message).toContain('does not exist');
  }, 30_000);

  it('refuses an entry that still needs a value, and starts the rest', async () => {
    const home = tempDir();
    writeText(
      join(home, '.claude.json'),
      JSON.stringify({
        mcpServers: {
          needs: { command: NODE, args: [RAW, 'basic'], env: { K: '${NOT_SET_ANYWHERE}' } },
          fine: { command: NODE, args: [RAW, 'basic'] },
        },
      }),
    );
    const place: DiscoveryPlace = { platform: 'linux', home, projectDir: null, env: baseEnv(home) };
    const loaded = await loadServers(place, { clients: ['claude-code'] });
    const ids = loaded.listing.servers.map((s) => s.id);
    const refused = await runBatch(planBatch(loaded, ids, { place, values: {} }).items, {
      audit: { callerEnv: place.env },
    });
    expect(refused.map((r) => [r.status, r.error?.code ?? null])).toEqual([
      ['failed', 'env-missing'],
      ['ok', null],
    ]);
    const supplied = await runBatch(
      planBatch(loaded, ids, { place, values: { 'env:NOT_SET_ANYWHERE': 'given-for-this-batch' } }).items,
      {
        audit: { callerEnv: place.env },
      },
    );
    expect(supplied.map((r) => r.status)).toEqual(['ok', 'ok']);
  }, 30_000);

  it('cancels every server with one signal, running or queued', async () => {
    const home = tempDir();
    const servers = Object.fromEntries(
      Array.from({ length: 6 }, (_, i) => [`hang-${i}`, { command: NODE, args: [RAW, 'hang-list'] }]),
    );
    writeText(join(home, '.claude.json'), JSON.stringify({ mcpServers: servers }));
    const place: DiscoveryPlace = { platform: 'linux', home, projectDir: null, env: baseEnv(home) };
    const loaded = await loadServers(place, { clients: ['claude-code'] });
    const plan = planBatch(
      loaded,
      loaded.listing.servers.map((s) => s.id),
      { place, values: {} },
    );
    const cancel = new AbortController();
    let started = 0;
    const results = await runBatch(plan.items, {
      concurrency: 2,
      signal: cancel.signal,
      audit: { callerEnv: place.env },
      onEvent: (event) => {
        if (event.type === 'progress' && event.event.step === 'initialized' && ++started === 2) cancel.abort();
      },
    });
    expect(results.map((r) => r.status)).toEqual(Array(6).fill('cancelled'));
    expect(results.filter((r) => r.report !== null)).toHaveLength(2);
  }, 30_000);

  it('audits the same server defined identically in two clients once', async () => {
    const home = tempDir();
    const same = { command: NODE, args: [DEMO_SERVER] };
    writeText(join(home, '.claude.json'), JSON.stringify({ mcpServers: { demo: same } }));
    writeText(join(home, '.cursor/mcp.json'), JSON.stringify({ mcpServers: { demo: same } }));
    const place: DiscoveryPlace = { platform: 'linux', home, projectDir: null, env: baseEnv(home) };
    const loaded = await loadServers(place, { clients: ['claude-code', 'cursor'] });
    const plan = planBatch(
      loaded,
      loaded.listing.servers.map((s) => s.id),
      { place, values: {} },
    );
    expect(plan.items).toHaveLength(1);
    const view = sessionView(plan, await runBatch(plan.items, { audit: { callerEnv: place.env } }));
    expect(view.rows[0]?.clients).toEqual(['claude-code', 'cursor']);
    expect(view.rows[0]?.tools).toBe(16);
  }, 30_000);
});
