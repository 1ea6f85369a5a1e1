// A temporary HOME (and project folder inside it) for one platform's layout, with client files
// written where their definitions say, read back through discovery and the listing.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { ClientId } from '../lib/core/config/clients';
import { candidateFiles, type DiscoveryPlace } from '../lib/server/config/config-discovery';
import { loadServers, type LoadedServers } from '../lib/server/config/scan';

export const POSIX_PLATFORMS = ['linux', 'darwin'] as const;

export interface ClientHome {
  home: string;
  project: string;
  place: DiscoveryPlace;
  /** The client's locations on this platform, user first. */
  files: { user: string[]; project: string[] };
  write: (file: string, text: string) => string;
  load: () => Promise<LoadedServers>;
  remove: () => void;
}

export function clientHome(
  client: ClientId,
  platform: 'linux' | 'darwin',
  env: Record<string, string> = {},
): ClientHome {
  const home = mkdtempSync(join(tmpdir(), `hintcheck-${client}-`));
  const project = join(home, 'work', 'proj');
  mkdirSync(project, { recursive: true });
  const place: DiscoveryPlace = {
    platform,
    home,
    projectDir: project,
    env: { HOME: home, PATH: process.env.PATH ?? '/usr/bin:/bin', ...env },
  };
  const candidates = candidateFiles(place, [client]);
  return {
    home,
    project,
    place,
    files: {
      user: candidates.filter((c) => c.scope === 'user').map((c) => c.file),
      project: candidates.filter((c) => c.scope === 'project').map((c) => c.file),
    },
    write: (file, text) => {
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(file, text);
      return file;
    },
    load: () => loadServers(place, { clients: [client] }),
    remove: () => {
      rmSync(home, { recursive: true, force: true });
    },
  };
}

/** The client's files on Windows, from paths only (this machine cannot hold Windows paths). */
export function win32Files(client: ClientId, env: Record<string, string> = {}): string[] {
  return candidateFiles(
    {
      platform: 'win32',
      home: 'C:\\Users\\ann',
      projectDir: 'D:\\src\\app',
      env: { APPDATA: 'C:\\Users\\ann\\AppData\\Roaming', ...env },
    },
    [client],
  ).map((c) => `${c.scope} ${c.file}`);
}
