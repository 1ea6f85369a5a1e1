// A server script reached through a symbolic link (issue 48): `node ~/bin/server.mjs` where the link
// points to ~/proj/server.mjs. The caller's HOME is hidden in the sandbox and only the target's project
// is bound back, so the link itself was missing there and the server never started. It now runs by its
// real path, and the link's folder stays hidden.
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { hostView } from '../lib/server/exercise/host-view';
import { PlaygroundSession } from '../lib/server/playground/session';
import { inlineServer, SANDBOX_TOOLS } from './inline-server';

/** A server of one tool, `hello`. */
const SERVER = inlineServer('linked', [{ name: 'hello', inputSchema: { type: 'object' } }]);

const home = mkdtempSync(join(tmpdir(), 'hintcheck-symlink-home-'));
const real = join(home, 'proj/server.mjs');
const link = join(home, 'bin/server.mjs');
mkdirSync(join(home, 'proj'));
mkdirSync(join(home, 'bin'));
writeFileSync(real, SERVER);
writeFileSync(join(home, 'proj/package.json'), '{"name": "linked", "type": "module"}');
symlinkSync('../proj/server.mjs', link);
afterAll(() => {
  rmSync(home, { recursive: true, force: true });
});

describe('a server script reached through a symbolic link', () => {
  it('runs by its real path when the link lies in a hidden folder; the target project alone is bound back', () => {
    const view = hostView(process.execPath, [link], process.env.PATH, home);
    expect(view.args).toEqual([real]);
    expect(view.bound).toContain(join(home, 'proj'));
    expect(view.bound).not.toContain(join(home, 'bin'));
    expect(view.hidden).toContain(home);
  });

  it('a script given by its own path is passed as given', () => {
    expect(hostView(process.execPath, ['--no-warnings', real], process.env.PATH, home).args).toEqual([
      '--no-warnings',
      real,
    ]);
  });

  it.skipIf(!SANDBOX_TOOLS)(
    'starts in the sandbox and lists its tool',
    async () => {
      const session = await PlaygroundSession.start(
        { transport: 'stdio', command: process.execPath, args: [link], env: [] },
        { callerEnv: { ...process.env, HOME: home } },
      );
      try {
        expect(session.started.server).toEqual({ name: 'linked', version: '1' });
        expect(session.started.surface.tools.map((tool) => tool.name)).toEqual(['hello']);
      } finally {
        await session.close('the test ended');
      }
    },
    60_000,
  );
});
