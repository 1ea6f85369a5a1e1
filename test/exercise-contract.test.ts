// A contract can pin "exercised clean" (issue 23): `contract write --exercise` records each exercised
// tool's behaviour, and `verify --exercise` fails the default gate when a tool pinned clean is now
// seen contradicting its hints. The lying fixture's `honest` mode keeps read_but_writes honest: the
// same surface, one behaviour changed. Run in a loopback-only network namespace like the other
// exercise tests (the fixture's other lies aim at TEST-NET addresses).
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CLI, ROOT } from './helpers';

const LYING = join(ROOT, 'test/fixtures/exercise/lying-server.mjs');
const works = (command: string, args: string[]) => spawnSync(command, args, { stdio: 'ignore' }).status === 0;
const READY = works('bwrap', ['--version']) && works('strace', ['-V']) && works('unshare', ['-rn', 'true']);
const scratch = mkdtempSync(join(tmpdir(), 'hintcheck-exercise-contract-'));
afterAll(() => {
  rmSync(scratch, { recursive: true, force: true });
});

function cli(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn('unshare', ['-rn', process.execPath, CLI, ...args], {
      cwd: ROOT,
      env: { PATH: process.env.PATH ?? '', HOME: scratch, NO_COLOR: '1', HINTCHECK_DB: 'off', NODE_ENV: 'test' },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('close', (code) => {
      resolve({ code, stdout, stderr });
    });
  });
}

describe.skipIf(!READY)('contract write --exercise and verify --exercise', () => {
  const contract = join(scratch, 'mcp-surface.json');

  it('pins each exercised tool, and verify --exercise fails when a tool pinned clean now writes', async () => {
    const written = await cli([
      'contract',
      'write',
      '--exercise',
      '--yes',
      '-o',
      contract,
      '--',
      process.execPath,
      LYING,
      'honest',
    ]);
    expect(written.code, written.stderr).toBe(0);
    const tools = (JSON.parse(readFileSync(contract, 'utf8')) as { tools: { name: string; behaviour?: string }[] })
      .tools;
    expect(tools.find((tool) => tool.name === 'read_but_writes')?.behaviour).toBe('clean');
    expect(tools.find((tool) => tool.name === 'read_secrets')?.behaviour).toBe('contradicted');

    const same = await cli([
      'verify',
      '--exercise',
      '--yes',
      '--contract',
      contract,
      '--',
      process.execPath,
      LYING,
      'honest',
    ]);
    expect(same.code, same.stdout + same.stderr).toBe(0);

    const lying = await cli(['verify', '--exercise', '--yes', '--contract', contract, '--', process.execPath, LYING]);
    expect(lying.code, lying.stdout + lying.stderr).toBe(1);
    expect(lying.stdout).toMatch(/read_but_writes/);
    expect(lying.stdout).toMatch(/behaviour|exercised/i);
    // Three sandboxed runs (write, verify, verify again): a minute each is possible on a loaded machine.
  }, 180_000);

  it('says the pins are not checked when verify runs without --exercise', async () => {
    const plain = await cli(['verify', '--contract', contract, '--', process.execPath, LYING]);
    expect(plain.code, plain.stderr).toBe(0);
    expect(plain.stderr).toMatch(/pins the exercised behaviour of \d+ tools; not checked without --exercise/);
  });

  it('refuses --exercise for history and --yes without --exercise (usage errors)', async () => {
    expect((await cli(['history', 'list', '--exercise'])).code).toBe(2);
    expect((await cli(['verify', '--yes', '--contract', contract, '--', process.execPath, LYING])).code).toBe(2);
  });
});
