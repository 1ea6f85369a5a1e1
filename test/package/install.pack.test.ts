// The package as a user gets it: `npm pack` of the built tree, installed into an empty folder outside
// the source tree (its own HOME, no path back to this checkout), then the commands the README promises:
// `npx mcp-hintcheck audit --demo --json`, a contract written and verified, and
// `npx mcp-hintcheck dashboard` until its health check answers. Run by `npm test` after the other
// tests (vitest.package.config.ts), because installing compiles better-sqlite3 and takes a core.
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, ROOT } from '../helpers';
import { PACKAGE_BUDGET } from './budget';

const run = promisify(execFile);
const scratch = mkdtempSync(join(tmpdir(), 'hintcheck-package-'));
const app = join(scratch, 'app');
const home = join(scratch, 'home');
const env: NodeJS.ProcessEnv = {
  PATH: process.env.PATH ?? '/usr/bin:/bin',
  HOME: home,
  XDG_CACHE_HOME: join(home, '.cache'),
  XDG_DATA_HOME: join(home, '.local', 'share'),
  // npm's settings and cache of this machine (registry, certificates, Node headers for node-gyp; the
  // cache npm ci filled), as a user's own npm would have them: only HOME is new.
  npm_config_userconfig: process.env.npm_config_userconfig ?? join(process.env.HOME ?? home, '.npmrc'),
  npm_config_cache: process.env.npm_config_cache ?? join(process.env.HOME ?? home, '.npm'),
  // Another Node line's npm looks for the global npmrc beside that node (.ci/node-line names this one).
  ...(process.env.npm_config_globalconfig === undefined
    ? {}
    : { npm_config_globalconfig: process.env.npm_config_globalconfig }),
  NEXT_TELEMETRY_DISABLED: '1',
  NODE_ENV: 'production',
};
let tarball = '';
let packed: { size: number; unpackedSize: number; files: { path: string }[] } | undefined;
let dashboard: ChildProcess | undefined;

/**
 * A user's install gets better-sqlite3's prebuilt binary from GitHub through prebuild-install; this
 * machine has no route there, so it would compile the addon from source (about 100 s of a core, once
 * per Node line). prebuild-install's own offline option (`--local-prebuilds`, read from
 * npm_config_better_sqlite3_local_prebuilds) is given the addon this checkout's install built for the
 * running Node, packed under the name the release would have: the install then takes the path a user's
 * takes, with the download replaced. Compiling from source is proven by `npm ci` and .ci/node-line.
 * A newer better-sqlite3 than the checkout's finds no file of its name and compiles, as before.
 */
async function localPrebuild(): Promise<Record<string, string>> {
  const addon = join(ROOT, 'node_modules/better-sqlite3');
  const { version } = JSON.parse(readFileSync(join(addon, 'package.json'), 'utf8')) as { version: string };
  const dir = join(scratch, 'prebuilds');
  mkdirSync(dir, { recursive: true });
  const name = `better-sqlite3-v${version}-node-v${process.versions.modules}-linux-${process.arch}.tar.gz`;
  await run('tar', ['-czf', join(dir, name), '-C', addon, 'build/Release/better_sqlite3.node']);
  return { npm_config_better_sqlite3_local_prebuilds: dir };
}

function cli(args: string[]) {
  return run('npx', ['--no', 'mcp-hintcheck', ...args], { cwd: app, env, maxBuffer: 64 * 1024 * 1024 });
}

beforeAll(async () => {
  if (!existsSync(join(ROOT, '.next', 'BUILD_ID')) || !existsSync(join(ROOT, 'dist', 'serve.mjs')))
    throw new Error('The package is packed from a built tree: run npm run build first.');
  mkdirSync(app, { recursive: true });
  mkdirSync(home, { recursive: true });
  const { stdout } = await run('npm', ['pack', '--json', '--pack-destination', scratch], {
    cwd: ROOT,
    env: { ...process.env, npm_config_ignore_scripts: 'true' },
  });
  const [result] = JSON.parse(stdout) as [{ filename: string; size: number; unpackedSize: number; files: [] }];
  packed = result;
  tarball = join(scratch, result.filename);
  writeFileSync(join(app, 'package.json'), JSON.stringify({ name: 'empty-project', private: true }));
  await run('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline', tarball], {
    cwd: app,
    env: { ...env, ...(await localPrebuild()) },
    maxBuffer: 16 * 1024 * 1024,
  });
}, 1_200_000);

afterAll(() => {
  stopDashboard();
  rmSync(scratch, { recursive: true, force: true });
});

describe('the packed package, installed into an empty folder', () => {
  it('holds only what it needs, within the size budget', () => {
    expect(packed).toBeDefined();
    const paths = packed?.files.map((file) => file.path) ?? [];
    expect(paths).toContain('bin/mcp-hintcheck.cjs');
    expect(paths).toContain('.next/BUILD_ID');
    expect(paths.filter((path) => /^(lib|components|app|test|e2e|bench|scripts)\//.test(path))).toEqual([]);
    expect(paths.filter((path) => path.startsWith('.next/cache/') || path.endsWith('.map'))).toEqual([]);
    expect(packed?.size).toBeLessThanOrEqual(PACKAGE_BUDGET.packedBytes);
    expect(packed?.unpackedSize).toBeLessThanOrEqual(PACKAGE_BUDGET.unpackedBytes);
  });

  it('declares the Node.js it runs on', () => {
    const manifest = JSON.parse(readFileSync(join(app, 'node_modules/mcp-hintcheck/package.json'), 'utf8')) as {
      engines: { node: string };
      private?: boolean;
    };
    expect(manifest.engines.node).toBe('>=20.19');
    expect(manifest.private).toBeUndefined();
  });

  // The package ships a prebuilt .next, which only the Next.js that built it serves. A caret range let a
  // fresh install pick a newer Next.js (and, once, one whose @next/env the registry did not have yet).
  it('installs the exact Next.js its prebuilt dashboard was built with', () => {
    const version = (path: string) => (JSON.parse(readFileSync(path, 'utf8')) as { version: string }).version;
    const manifest = JSON.parse(readFileSync(join(app, 'node_modules/mcp-hintcheck/package.json'), 'utf8')) as {
      dependencies: Record<string, string>;
    };
    const built = version(join(ROOT, 'node_modules/next/package.json'));
    expect(manifest.dependencies.next).toBe(built);
    expect(version(join(app, 'node_modules/next/package.json'))).toBe(built);
  });

  it('audits the bundled demo with npx mcp-hintcheck', async () => {
    const { stdout } = await cli(['audit', '--demo', '--json', '--fail-on', 'none']);
    const report = JSON.parse(stdout) as { tools: { name: string }[] };
    expect(report.tools.map((tool) => tool.name)).toContain('delete_quest');
    expect(report.tools).toHaveLength(16);
  });

  it('writes a contract and verifies the same server against it', async () => {
    const demo = join(app, 'node_modules/mcp-hintcheck/dist/demo-server.mjs');
    const contract = join(scratch, 'mcp-surface.json');
    await cli(['contract', 'write', '-o', contract, '--', process.execPath, demo]);
    const { stdout } = await cli(['verify', '--contract', contract, '--', process.execPath, demo]);
    expect(stdout).toMatch(/matches|no change|unchanged/i);
  });

  it('runs the GitHub Action script against the packed CLI', async () => {
    const output = join(scratch, 'github-output');
    writeFileSync(output, '');
    const demo = join(app, 'node_modules/mcp-hintcheck/dist/demo-server.mjs');
    const action = run(process.execPath, [join(ROOT, 'action/run.mjs')], {
      cwd: scratch,
      env: {
        ...env,
        GITHUB_OUTPUT: output,
        INPUT_CLI: join(app, 'node_modules/.bin/mcp-hintcheck'),
        INPUT_MODE: 'audit',
        INPUT_FAIL_ON: 'none-that-exists',
        INPUT_SERVER: `${process.execPath} ${demo}`,
      },
    });
    // An unknown --fail-on level reaches the CLI, which refuses it as a usage error (exit 2).
    expect(await exitCode(action)).toBe(2);
    const gated = run(process.execPath, [join(ROOT, 'action/run.mjs')], {
      cwd: scratch,
      env: {
        ...env,
        GITHUB_OUTPUT: output,
        INPUT_CLI: join(app, 'node_modules/.bin/mcp-hintcheck'),
        INPUT_MODE: 'audit',
        INPUT_FAIL_ON: 'high',
        INPUT_SERVER: `${process.execPath} ${demo}`,
      },
    });
    expect(await exitCode(gated)).toBe(1);
    expect(readFileSync(output, 'utf8')).toMatch(/exit-code=1\nresults=\d+\nhigh=[1-9]/);
  });

  it('serves the prebuilt dashboard with npx mcp-hintcheck dashboard, and audits through it', async () => {
    const port = await freePort();
    // Its own process group, so the test ends npx and the dashboard it started together.
    dashboard = spawn('npx', ['--no', 'mcp-hintcheck', 'dashboard', '--port', String(port)], {
      cwd: app,
      env,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let printed = '';
    dashboard.stdout?.on('data', (chunk: Buffer) => (printed += chunk.toString()));
    const base = `http://127.0.0.1:${port}`;
    let health: Response | undefined;
    for (let tries = 0; tries < 600 && health === undefined; tries += 1) {
      health = await fetch(`${base}/api/health`).catch(() => undefined);
      if (health === undefined) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(health?.status).toBe(200);
    const token = new RegExp(`http://127\\.0\\.0\\.1:${port}/#token=([\\w-]+)`).exec(printed)?.[1];
    expect(token).toBeDefined();
    expect((await fetch(`${base}/`)).status).toBe(200);
    // The packaged dashboard keeps its access rules: the API needs the session token.
    expect((await fetch(`${base}/api/history`)).status).toBe(401);
    const demo = join(app, 'node_modules/mcp-hintcheck/dist/demo-server.mjs');
    const audit = await fetch(`${base}/api/audit`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token ?? ''}`, 'Content-Type': 'application/json', Origin: base },
      body: JSON.stringify({ transport: 'stdio', command: process.execPath, args: [demo] }),
    });
    expect(audit.status).toBe(200);
    const lines = (await audit.text())
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { type: string; report?: { tools: unknown[] } });
    expect(lines.at(-1)?.type).toBe('report');
    expect(lines.at(-1)?.report?.tools).toHaveLength(16);
  });
});

async function exitCode(running: Promise<unknown>): Promise<number> {
  try {
    await running;
    return 0;
  } catch (error) {
    return (error as { code?: number }).code ?? -1;
  }
}

function stopDashboard(): void {
  const pid = dashboard?.pid;
  if (pid === undefined || dashboard?.exitCode !== null) return;
  try {
    process.kill(-pid, 'SIGKILL');
  } catch {
    // Already gone.
  }
}
