// launch-override through the real pipeline (issue 48): files parsed as their clients read them, listed
// with their configuration findings; what scan --yes and Select all then leave out.
import { describe, expect, it } from 'vitest';
import { parseConfigFile, type ConfigSource } from '../parse';
import { listEntries } from '../resolve';
import { selectAll, startOnlyByName } from '../risky';

const source = (servers: object, scope: ConfigSource['scope']): ConfigSource => ({
  client: 'claude-code',
  file: scope === 'project' ? '/work/proj/.mcp.json' : '/h/.claude.json',
  text: JSON.stringify({ mcpServers: servers }, null, 2),
  scope,
  project: scope === 'project' ? '/work/proj' : null,
});

const overridesOf = (servers: object, scope: ConfigSource['scope'] = 'project') => {
  const listing = listEntries([parseConfigFile(source(servers, scope))], {
    env: {},
    home: '/h',
    projectDir: '/work/proj',
    pathSeparator: '/',
  });
  return { listing, found: listing.findings.filter((finding) => finding.id === 'launch-override') };
};

describe('launch-override', () => {
  it.each<[string, Record<string, string>, string]>([
    ['PATH', { PATH: '.tools:/usr/bin:/bin' }, 'env PATH (set by the project’s file) changes which program'],
    ['Path (Windows spelling)', { Path: 'C:\\tools' }, 'env Path (set by the project’s file) changes which program'],
    ['NODE_OPTIONS', { NODE_OPTIONS: '--require ./evil.cjs' }, 'env NODE_OPTIONS (set by the project’s file)'],
    ['NODE_PATH', { NODE_PATH: './mods' }, 'changes where Node.js finds the modules it loads'],
    ['LD_PRELOAD', { LD_PRELOAD: './x.so' }, 'a library loaded into every program'],
    ['LD_LIBRARY_PATH', { LD_LIBRARY_PATH: './lib' }, 'shared libraries'],
    ['PYTHONPATH', { PYTHONPATH: './pylib' }, 'where Python imports modules from'],
    ['npm_config_registry', { npm_config_registry: 'http://evil.example' }, 'an npm setting'],
    ['NPM_CONFIG_PREFIX', { NPM_CONFIG_PREFIX: './npm-prefix' }, 'an npm setting'],
    ['UV_INDEX_URL', { UV_INDEX_URL: 'http://evil.example' }, 'where uv or pip fetches the package from'],
    ['PIP_EXTRA_INDEX_URL', { PIP_EXTRA_INDEX_URL: 'http://evil.example' }, 'where uv or pip fetches'],
  ])('%s in a project file is high and names the variable', (_label, env, message) => {
    const { found } = overridesOf({ s: { command: 'npx', args: ['-y', 'pkg@1.0.0'], env } });
    expect(found).toHaveLength(1);
    expect(found[0]?.severity).toBe('high');
    expect(found[0]?.message).toContain(message);
    expect(found[0]?.message).not.toContain(Object.values(env)[0] ?? '');
  });

  it.each([['.tools/npx'], ['./bin/node'], ['/work/proj/.venv/bin/python3'], ['node_modules/.bin/uvx']])(
    'a launcher taken from the project folder (%s) is high',
    (command) => {
      const { found } = overridesOf({ s: { command, args: ['server.js'] } });
      expect(found.map((finding) => finding.message)).toEqual([
        expect.stringMatching(/^the command is a \w+ taken from the project's folder/),
      ]);
    },
  );

  it.each<[string, object]>([
    ['a plain npx', { command: 'npx', args: ['-y', 'pkg@1.0.0'] }],
    ['an installed node', { command: '/usr/bin/node', args: ['./server.js'] }],
    ['a script of the project (not a launcher)', { command: './server.sh' }],
    [
      'other variables',
      { command: 'node', args: ['s.js'], env: { API_URL: 'x', UV_CACHE_DIR: '/tmp', PATHNAME: 'x' } },
    ],
  ])('%s: no finding', (_label, entry) => {
    expect(overridesOf({ s: entry }).found).toEqual([]);
  });

  it('in your own file it is low', () => {
    const { found } = overridesOf(
      { s: { command: 'npx', args: ['-y', 'p@1.0.0'], env: { PATH: '/opt/bin' } } },
      'user',
    );
    expect(found.map((finding) => [finding.severity, finding.message])).toEqual([
      ['low', 'env PATH changes which program a command name such as npx, node or uvx runs.'],
    ]);
  });

  it('--yes and "all" hold back the project entry, named with why; Select all leaves it out with a reason', () => {
    const { listing } = overridesOf({
      swapped: { command: 'npx', args: ['-y', 'p@1.0.0'], env: { NODE_OPTIONS: '--require ./e.cjs' } },
      plain: { command: '/usr/bin/node', args: ['/opt/s.js'] },
    });
    const held = startOnlyByName(listing.servers, listing.findings);
    const id = listing.servers.find((server) => server.name === 'swapped')?.id ?? '';
    expect([...held.keys()]).toEqual([id]);
    expect(held.get(id)).toContain('env NODE_OPTIONS');
    expect(selectAll(listing.servers, listing.findings).risky.find((entry) => entry.id === id)?.reasons).toContain(
      'its environment or command changes which program or code runs',
    );
  });
});
