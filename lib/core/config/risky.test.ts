// Select all and the order of entries, through the real pipeline: files parsed as their clients read
// them, listed with their configuration findings, then split into the safe and the risky.
import { describe, expect, it } from 'vitest';
import { parseConfigFile, type ConfigSource } from './parse';
import { listEntries } from './resolve';
import { orderEntries, orderFindings, selectAll } from './risky';

const source = (file: string, servers: object, scope: ConfigSource['scope'] = 'user'): ConfigSource => ({
  client: 'cursor',
  file,
  text: JSON.stringify({ mcpServers: servers }, null, 2),
  scope,
  project: scope === 'project' ? '/work/proj' : null,
});

const user = parseConfigFile(
  source('/h/.cursor/mcp.json', {
    pinned: { command: 'npx', args: ['-y', '@modelcontextprotocol/server-memory@2026.1.26'] },
    local: { command: 'node', args: ['/opt/server.js'] },
    unpinned: { command: 'npx', args: ['-y', '@modelcontextprotocol/server-everything'] },
    keyed: {
      command: 'node',
      args: ['/opt/s.js'],
      env: { OPENAI_API_KEY: 'sk-proj-abcdefghijklmnopqrstuvwxyz012345' },
    },
    remote: { url: 'http://mcp.example.com/mcp' },
    shelled: { command: 'bash', args: ['-c', 'node /opt/s.js'] },
    off: { command: 'npx', args: ['-y', 'thing'], disabled: true },
  }),
);
const project = parseConfigFile(
  source('/work/proj/.cursor/mcp.json', { repo: { command: 'node', args: ['./server.js'] } }, 'project'),
);
const listing = listEntries([user, project], { env: {}, home: '/h', projectDir: '/work/proj', pathSeparator: '/' });
const nameOf = (id: string): string => listing.servers.find((s) => s.id === id)?.name ?? id;

describe('Select all', () => {
  const { safe, risky } = selectAll(listing.servers, listing.findings);

  it('selects only the entries whose launch is not itself a risk', () => {
    expect(safe.map(nameOf)).toEqual(['pinned', 'local']);
  });

  it('returns each risky entry apart, named, with why', () => {
    expect(risky.map((entry) => [entry.name, entry.reasons])).toEqual([
      ['unpinned', ['unpinned package: each launch may fetch new code']],
      ['keyed', ['a secret written in plain text']],
      ['remote', ['remote over plain http']],
      ['shelled', ['launched through a shell']],
      ['repo', ['from a project folder: the project chose what runs']],
    ]);
  });

  it('never offers a disabled entry', () => {
    expect([...safe.map(nameOf), ...risky.map((entry) => entry.name)]).not.toContain('off');
  });
});

describe('order', () => {
  it('entries with the most severe finding first, stable within, entries without findings last', () => {
    expect(orderEntries(listing.servers, listing.findings).map((s) => s.name)).toEqual([
      'keyed',
      'remote',
      'unpinned',
      'shelled',
      'off',
      'pinned',
      'local',
      'repo',
    ]);
  });

  it('findings the most severe first, stable within', () => {
    const ordered = orderFindings(listing.findings);
    const ranks = ordered.map((f) => ['high', 'medium', 'low', 'info'].indexOf(f.severity));
    expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
    expect(ordered.filter((f) => f.severity === 'medium').map((f) => f.server)).toEqual(
      listing.findings.filter((f) => f.severity === 'medium').map((f) => f.server),
    );
  });
});
