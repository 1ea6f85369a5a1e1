// The dashboard's "Your servers" SARIF is the CLI's: for one batch (real configuration files, real
// audits of the project's fixture servers through the servers API), the page's builder
// (components/servers/servers-sarif.ts, fed what the page holds) and `scan --format sarif`'s
// (lib/cli/formats/sarif.ts, fed the plan and session view by lib/cli/scan.ts) write the same text;
// the page's walk of every finding (batch-findings.ts) and overview CSV are the CLI's. And the pure file mapping
// (lib/core/artifact-uri.ts) agrees with node:path's resolve and relative on posix and win32.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path, { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { serversListSchema } from '../components/servers/servers-client';
import { batchFindings } from '../components/servers/batch-findings';
import { batchSarifText } from '../components/servers/servers-sarif';
import { renderAs } from '../lib/cli/formats/registry';
import { outcomeFindings, scanInput } from '../lib/cli/scan';
import type { BatchResult } from '../lib/core/api/batch-request';
import { configArtifact, OUTSIDE_REPOSITORY } from '../lib/core/artifact-uri';
import type { SessionFinding } from '../lib/core/session/findings';
import { overviewToCsv } from '../lib/core/session/overview';
import { buildScanExport } from '../lib/core/session/scan-export';
import { serversEventSchema } from '../lib/core/session/servers-stream';
import type { DiscoveryPlace } from '../lib/server/config/config-discovery';
import { loadServers, planBatch, sessionView } from '../lib/server/config/scan';
import { handleServersAudit, handleServersList } from '../lib/server/http/servers-api';
import { GENERATOR } from '../lib/server/version';
import { NODE, RAW, writeText } from './config-fixtures';
import { expectGithubReady, type Sarif } from './sarif-schema';

const base = mkdtempSync(join(tmpdir(), 'hintcheck-servers-sarif-'));
afterAll(() => {
  rmSync(base, { recursive: true, force: true });
});
const home = join(base, 'home');
const project = join(base, 'project');
const basic = { command: NODE, args: [RAW, 'basic'] };
// The same server in the project and in Cursor's user file: one item, a location in each file.
writeText(join(project, '.mcp.json'), JSON.stringify({ mcpServers: { notes: basic } }, null, 2));
writeText(
  join(home, '.cursor/mcp.json'),
  JSON.stringify(
    {
      mcpServers: {
        notes: basic,
        // Another server of the same name as one in .claude.json: told apart in the session findings.
        twin: { command: NODE, args: [RAW, 'paged'] },
        broken: { command: 42 },
        remote: { url: 'http://127.0.0.1:9/mcp' },
      },
    },
    null,
    2,
  ),
);
writeText(join(home, '.claude.json'), JSON.stringify({ mcpServers: { twin: basic } }, null, 2));
const place: DiscoveryPlace = {
  platform: 'linux',
  home,
  projectDir: project,
  env: { HOME: home, PATH: process.env.PATH ?? '' },
};
const GENERATED_AT = '2026-11-30T12:00:00.000Z';

describe('the dashboard SARIF of a batch', () => {
  it('equals what scan --format sarif writes for the same batch', async () => {
    // What the page holds: the listing, its choice, each result and the session findings.
    const list = serversListSchema.parse(await (await handleServersList(place)).json());
    expect(list.project).toBe(project);
    expect(list.home).toBe(home);
    const ids = list.servers.filter((server) => server.launchable && server.name !== 'remote').map((s) => s.id);
    expect(ids).toHaveLength(4);
    const request = new Request('http://127.0.0.1/api/servers/audit', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ ids }),
    });
    const events = (await (await handleServersAudit(request, place)).text())
      .split('\n')
      .filter(Boolean)
      .map((line) => serversEventSchema.parse(JSON.parse(line)));
    const results = new Map<string, BatchResult>();
    let findings: SessionFinding[] = [];
    for (const event of events) {
      if (event.type === 'result') results.set(event.result.id, event.result);
      if (event.type === 'session') findings = event.findings;
    }
    expect(results.size).toBe(3);
    expect([...results.values()].every((result) => result.status === 'ok')).toBe(true);
    const page = batchSarifText({ list, ids, results, findings }, GENERATOR, GENERATED_AT);

    // What the CLI holds for the same batch.
    const loaded = await loadServers(place);
    const plan = planBatch(loaded, ids, { place, values: {} });
    const ordered = plan.items.map((item) => results.get(item.id)).filter((r) => r !== undefined);
    const view = sessionView(plan, ordered);
    expect(view.findings).toEqual(findings);
    const data = buildScanExport({
      generator: GENERATOR,
      generatedAt: GENERATED_AT,
      servers: loaded.listing.servers,
      configFindings: loaded.listing.findings,
      overview: view.rows,
      reports: [],
      sessionFindings: view.findings,
    });
    const outcome = { loaded, place, root: project, results: ordered, plan, view };
    const cli = await renderAs('sarif', 'scan', scanInput(outcome, data));
    expect(page).toBe(cli);
    // The page's walk of every finding is the CLI's, so its overview CSV is too.
    const walk = batchFindings({ list, ids, results, findings });
    expect(walk).toEqual(outcomeFindings(outcome));
    expect(overviewToCsv(view.rows, walk)).toBe(await renderAs('csv', 'scan', scanInput(outcome, data)));

    const sarif = JSON.parse(page) as Sarif;
    expectGithubReady(sarif);
    const run = sarif.runs[0];
    const places = new Set(
      run?.results.flatMap((result) =>
        result.locations.map(
          (l) => `${l.physicalLocation.artifactLocation.uri}:${String(l.physicalLocation.region.startLine)}`,
        ),
      ),
    );
    const notes = list.servers.filter((server) => server.name === 'notes');
    expect(notes).toHaveLength(2);
    for (const entry of notes)
      expect(places).toContain(`${configArtifact(entry.file, project, home).uri}:${entry.line}`);
    expect(places).toContain(`.mcp.json:${notes.find((n) => n.file.startsWith(project))?.line}`);
    expect(places).toContain(
      `${OUTSIDE_REPOSITORY}/~/.cursor/mcp.json:${notes.find((n) => n.file.startsWith(home))?.line}`,
    );
    // Session findings are located at every entry of the servers they name (the two twins told apart).
    const collision = run?.results.filter((result) => result.ruleId === 'tool-name-collision') ?? [];
    const twin = list.servers.find((server) => server.name === 'twin' && server.client === 'claude-code');
    expect(collision.length).toBeGreaterThan(0);
    for (const result of collision) {
      const at = result.locations.map(
        (l) => `${l.physicalLocation.artifactLocation.uri}:${String(l.physicalLocation.region.startLine)}`,
      );
      expect(at).toContain(`${OUTSIDE_REPOSITORY}/~/.claude.json:${twin?.line}`);
      for (const entry of notes) expect(at).toContain(`${configArtifact(entry.file, project, home).uri}:${entry.line}`);
    }
  }, 60_000);
});

/** The mapping as the CLI wrote it with node:path (posix or win32), the reference. */
function withNodePath(file: string, root: string, home: string): { uri: string; description?: string } {
  const p = /^[A-Za-z]:|^\\\\/.test(root + file + home) ? path.win32 : path.posix;
  const encode = (segments: string[]): string =>
    segments
      .filter((s) => s !== '' && s !== '.')
      .map((s) => (s === '..' ? '%2E%2E' : encodeURIComponent(s)))
      .join('/');
  const absolute = p.resolve(root, file);
  const inside = p.relative(root, absolute);
  if (inside !== '' && !inside.startsWith('..') && !p.isAbsolute(inside))
    return { uri: encode(inside.split(/[\\/]+/)) };
  const fromHome = home === '' ? null : p.relative(home, absolute);
  if (fromHome !== null && fromHome !== '' && !fromHome.startsWith('..') && !p.isAbsolute(fromHome)) {
    const segments = fromHome.split(/[\\/]+/);
    return {
      uri: `${OUTSIDE_REPOSITORY}/~/${encode(segments)}`,
      description: `Outside the repository: ~/${segments.join('/')}`,
    };
  }
  return {
    uri: `${OUTSIDE_REPOSITORY}/root/${encode(absolute.split(/[\\/]+/))}`,
    description: `Outside the repository: ${absolute}`,
  };
}

describe('configArtifact without node:path', () => {
  const posix = {
    roots: ['/repo', '/repo/', '/home/me/work', '/'],
    homes: ['/home/me', ''],
    files: [
      '/repo/.mcp.json',
      '.vscode/mcp.json',
      './a/../.cursor/mcp.json',
      '../x/mcp.json',
      '/home/me/.cursor/mcp.json',
      '/home/me/work/.mcp.json',
      '/home/me',
      '/etc//claude-code/managed-mcp.json',
      '/repo-other/mcp.json',
      '/repo/with space/ü.json',
      '/repo/back\\slash.json',
    ],
  };
  const win32 = {
    roots: ['C:\\work\\repo', 'c:/work/repo/', '\\\\srv\\share\\repo'],
    homes: ['C:\\Users\\me', ''],
    files: [
      'C:\\work\\repo\\.vscode\\mcp.json',
      'C:\\WORK\\Repo\\.mcp.json',
      '.cursor\\mcp.json',
      '..\\other\\mcp.json',
      'C:\\Users\\me\\AppData\\Roaming\\Claude\\claude_desktop_config.json',
      'D:\\cfg\\mcp.json',
      'C:/ProgramData/ClaudeCode/managed-mcp.json',
      '\\\\srv\\share\\repo\\.mcp.json',
      '\\\\srv\\share\\elsewhere\\mcp.json',
    ],
  };
  const rows = [posix, win32].flatMap(({ roots, homes, files }) =>
    roots.flatMap((root) => homes.flatMap((home) => files.map((file) => [file, root, home] as const))),
  );
  it.each(rows)('%s (repository %s, HOME %s) maps as node:path does', (file, root, home) => {
    expect(configArtifact(file, root, home)).toEqual(withNodePath(file, root, home));
  });
});
