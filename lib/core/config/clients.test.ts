import { describe, expect, it } from 'vitest';
import { CONFIG_FORMATS, type ClientPlace } from './client-definition';
import { CLIENT_IDS, CLIENTS } from './clients';
import { guessClient } from './guess';
import { parseConfigFile } from './parse';
import { VARIABLE_SYNTAXES } from './variable-syntax';

const PLACES: ClientPlace[] = [
  { platform: 'linux', home: '/home/ann', projectDir: '/src/app', env: {} },
  { platform: 'darwin', home: '/Users/ann', projectDir: '/src/app', env: {} },
  {
    platform: 'win32',
    home: 'C:\\Users\\ann',
    projectDir: 'D:\\src\\app',
    env: { APPDATA: 'C:\\Users\\ann\\AppData\\Roaming' },
  },
];

const SYSTEM = /^(?:\/etc\/|\/Library\/|C:\\ProgramData\\)/;

describe('the client registry: every client carries every part', () => {
  it('has one definition per id, under its own id', () => {
    expect(Object.keys(CLIENTS).sort()).toEqual([...CLIENT_IDS].sort());
    for (const id of CLIENT_IDS) expect(CLIENTS[id].id).toBe(id);
  });

  describe.each(CLIENT_IDS.filter((id) => id !== 'file'))('%s', (id) => {
    const client = CLIENTS[id];

    it('names itself, its format, its variable syntax and where its facts come from', () => {
      expect(client.label.trim()).not.toBe('');
      expect(client.reference.length).toBeGreaterThan(10);
      expect(CONFIG_FORMATS).toContain(client.format);
      expect(VARIABLE_SYNTAXES).toContain(client.variables);
    });

    it.each(PLACES)('has absolute locations on $platform, each recognised as its own file', (place) => {
      const locations = client.locations(place);
      expect(locations.length).toBeGreaterThan(0);
      expect(locations.some((location) => location.scope === 'user')).toBe(true);
      for (const location of locations) {
        const root = location.scope === 'project' ? place.projectDir : place.home;
        const inside = location.scope === 'managed' ? SYSTEM.test(location.file) : location.file.startsWith(`${root}`);
        expect(inside, location.file).toBe(true);
        if (place.platform === 'win32') expect(location.file).not.toContain('/');
        else expect(location.file).not.toContain('\\');
        expect(guessClient(location.file, client.example), location.file).toBe(id);
      }
    });

    it('reads its documented example: one server, with its line', () => {
      const parsed = parseConfigFile({
        client: id,
        file: 'example',
        text: client.example,
        scope: 'file',
        project: null,
      });
      expect(parsed.findings).toEqual([]);
      expect(parsed.entries.map((entry) => [entry.name, entry.line, entry.transport])).toEqual([
        ['example', 1, 'stdio'],
      ]);
    });

    it('rejects an entry that is not an object, and one with nothing to start', () => {
      expect(client.readEntry('npx')).toEqual({ rejected: 'the entry is a string, not an object' });
      expect('rejected' in client.readEntry({})).toBe(true);
    });
  });

  it('reads a --config file no client recognises in the common shape', () => {
    expect(guessClient('/tmp/servers.json', '{"mcpServers":{}}')).toBe('file');
    expect(CLIENTS.file.locations({ platform: 'linux', home: '/h', projectDir: null, env: {} })).toEqual([]);
  });
});
