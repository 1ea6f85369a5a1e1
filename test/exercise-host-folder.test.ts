// A host folder on the server's command line (issue 47.7, lib/server/exercise/host-folders.ts):
// server-filesystem given a temporary host folder, as every client configures it, is exercised in
// the sandbox on a copy of that folder: its tools read and write the copy, the secret-looking `.env`
// and the symbolic link are left out and named, and the host folder's content and times are the same
// afterwards. Runs the built CLI in a loopback-only namespace (unshare -rn), as the corpus does.
import {
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { exerciseLoopbackOnly, LOOPBACK_ONLY, SANDBOX } from './sandbox-env';
import { ROOT } from './helpers';

const SERVER = join(ROOT, 'node_modules/@modelcontextprotocol/server-filesystem/dist/index.js');
const made: string[] = [];

/** Every entry under `folder` with its size, mode and modification time, to compare before and after. */
function state(folder: string): string[] {
  const out: string[] = [];
  const walk = (dir: string, rel: string): void => {
    for (const name of readdirSync(dir).sort()) {
      const info = lstatSync(join(dir, name));
      const content = info.isFile() ? readFileSync(join(dir, name), 'utf8') : '';
      out.push(`${rel}${name} ${info.mode} ${info.size} ${info.mtimeMs} ${content}`);
      if (info.isDirectory()) walk(join(dir, name), `${rel}${name}/`);
    }
  };
  walk(folder, '');
  return out;
}

afterAll(() => {
  for (const folder of made) rmSync(folder, { recursive: true, force: true });
});

describe.skipIf(!SANDBOX || !LOOPBACK_ONLY)('a host folder given to the server', () => {
  it('is exercised on a copy: the tools reach the copy, the host folder is unchanged, the .env left out is named', async () => {
    const host = mkdtempSync(join(tmpdir(), 'hintcheck-host-folder-'));
    made.push(host);
    writeFileSync(join(host, 'notes.txt'), 'hello from the host folder\n');
    writeFileSync(join(host, '.env'), 'API_KEY=host-secret-not-to-copy\n');
    mkdirSync(join(host, 'sub'));
    writeFileSync(join(host, 'sub', 'deep.md'), '# deep\n');
    symlinkSync('/etc/hostname', join(host, 'outside-link'));
    const calls = join(host, '..', `${host.split('/').pop() ?? 'x'}-calls.json`);
    made.push(calls);
    writeFileSync(
      calls,
      JSON.stringify({
        read_text_file: { path: '/tmp/work/notes.txt' },
        write_file: { path: '/tmp/work/notes.txt', content: 'rewritten in the sandbox\n' },
        create_directory: { path: '/tmp/work/made-in-sandbox' },
      }),
    );
    const before = state(host);
    const { report, stdout } = await exerciseLoopbackOnly([SERVER, host], {
      extra: ['all', '--calls', calls],
      cwd: ROOT,
    });
    expect(report.exercise?.stopped ?? null).toBeNull();
    const copy = report.exercise?.hostFolders?.[0];
    expect(copy).toMatchObject({ host, sandbox: '/tmp/work', files: 2 });
    expect(copy?.leftOut.map((entry) => entry.path).sort()).toEqual(['.env', 'outside-link']);
    expect(copy?.leftOut.find((entry) => entry.path === '.env')?.reason).toContain('secret-looking');
    expect(report.target.transport === 'stdio' && report.target.listedIn).toContain(`${host} → /tmp/work`);
    const call = (tool: string) => report.tools.find((t) => t.name === tool)?.behaviour?.calls[0];
    // The copy's file was read and rewritten inside the sandbox, and the folder made there.
    expect(call('read_text_file')?.outcome).toBe('ok');
    expect(call('read_text_file')?.resultBytes).toBeGreaterThan('hello from the host folder'.length);
    expect(call('write_file')?.outcome).toBe('ok');
    expect(call('write_file')?.changed).toContain('./notes.txt');
    const mkdir = call('create_directory')?.effects.find((effect) => effect.kind === 'mkdir');
    expect(mkdir).toMatchObject({ target: './made-in-sandbox', ok: true });
    expect(call('list_directory')?.outcome).toBe('ok');
    // Nothing of the host folder moved, and the secret never reached the sandbox or the report.
    expect(state(host)).toEqual(before);
    expect(stdout).not.toContain('host-secret-not-to-copy');
  }, 180_000);
});
