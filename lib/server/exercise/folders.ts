/**
 * The sandbox's throwaway folders on the host: one temporary folder whose tmp/ becomes the
 * sandbox's /tmp, with home/ (HOME) and work/ (the working folder) inside it; planted canaries
 * (~/.ssh/id_ed25519, ~/.aws/credentials, ./.env), each with a unique marker and no real secret; a
 * sample file for path arguments; the trace file beside tmp/ (outside the sandbox). Snapshots of
 * tmp/ (content hashes) tell which files a call changed. Removed when the exercise ends, however it
 * ends: a setup that fails half-way, the caller's finally, and a synchronous hook at process exit
 * (a second Ctrl-C exits at once); a folder the server made unreadable is opened up first.
 */
import { createHash, randomBytes } from 'node:crypto';
import { chmodSync, lstatSync, readdirSync, rmSync } from 'node:fs';
import { chmod, lstat, mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { SandboxLayout } from '../../core/exercise/paths';
import { SANDBOX_HOME, SANDBOX_TMP, SANDBOX_WORK } from './sandbox';

export const SAMPLE_FILE = 'hintcheck-sample.txt';
export const NEW_FILE = 'hintcheck-new.txt';

export interface SandboxFolders {
  root: string;
  hostTmp: string;
  tracePath: string;
  layout: SandboxLayout;
  /** The unique marker in each canary, by its sandbox path. */
  markers: Record<string, string>;
}

const CANARIES: readonly { file: string; text: (marker: string) => string }[] = [
  {
    file: `${SANDBOX_HOME}/.ssh/id_ed25519`,
    text: (m) =>
      `-----BEGIN OPENSSH PRIVATE KEY-----\n${m} (a canary planted by mcp-hintcheck, not a key)\n-----END OPENSSH PRIVATE KEY-----\n`,
  },
  {
    file: `${SANDBOX_HOME}/.aws/credentials`,
    text: (m) => `[default]\naws_access_key_id = ${m}\naws_secret_access_key = ${m}\n`,
  },
  { file: `${SANDBOX_WORK}/.env`, text: (m) => `API_KEY=${m}\n` },
];

function hostPath(hostTmp: string, sandboxPath: string): string {
  return path.join(hostTmp, path.relative(SANDBOX_TMP, sandboxPath));
}

/** Roots made and not yet removed: removed at process exit if still there. */
const live = new Set<string>();
let exitHookInstalled = false;

/** Opens up every folder under `root` the server may have closed (chmod 000), so it can be removed. */
function openUp(root: string): void {
  const walk = (folder: string, depth: number): void => {
    if (depth > 64) return;
    try {
      chmodSync(folder, 0o700);
      for (const name of readdirSync(folder)) {
        const file = path.join(folder, name);
        if (lstatSync(file).isDirectory()) walk(file, depth + 1);
      }
    } catch {
      // Gone, or not ours to change: the removal says what is left.
    }
  };
  walk(root, 0);
}

/**
 * Removes a root at once. `openUp`: when the server is known to be gone (chmod follows a symlink, so
 * never while it might still swap a folder for one), a folder it closed is opened up and tried again.
 */
function removeNow(root: string, openUpFirst: boolean): void {
  const remove = (): boolean => {
    try {
      rmSync(root, { recursive: true, force: true, maxRetries: 2 });
      return true;
    } catch {
      return false;
    }
  };
  if (remove()) live.delete(root);
  else if (openUpFirst) {
    openUp(root);
    if (remove()) live.delete(root);
  }
}

function track(root: string): void {
  live.add(root);
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.on('exit', () => {
    for (const folder of live) removeNow(folder, false);
  });
}

export async function makeSandboxFolders(): Promise<SandboxFolders> {
  const root = await mkdtemp(path.join(tmpdir(), 'hintcheck-exercise-'));
  track(root);
  try {
    return await plantFolders(root);
  } catch (error) {
    removeNow(root, true);
    throw error;
  }
}

async function plantFolders(root: string): Promise<SandboxFolders> {
  const hostTmp = path.join(root, 'tmp');
  await mkdir(hostPath(hostTmp, `${SANDBOX_HOME}/.ssh`), { recursive: true });
  await mkdir(hostPath(hostTmp, `${SANDBOX_HOME}/.aws`), { recursive: true });
  await mkdir(hostPath(hostTmp, SANDBOX_WORK), { recursive: true });
  const markers: Record<string, string> = {};
  for (const canary of CANARIES) {
    const marker = `HINTCHECK-CANARY-${randomBytes(12).toString('hex')}`;
    markers[canary.file] = marker;
    await writeFile(hostPath(hostTmp, canary.file), canary.text(marker), { mode: 0o600 });
  }
  await chmod(hostPath(hostTmp, `${SANDBOX_HOME}/.ssh`), 0o700);
  const sample = `${SANDBOX_WORK}/${SAMPLE_FILE}`;
  await writeFile(hostPath(hostTmp, sample), 'A sample file planted by mcp-hintcheck for tools that read a path.\n');
  const canaries = CANARIES.map((canary) => canary.file);
  return {
    root,
    hostTmp,
    tracePath: path.join(root, 'trace.log'),
    markers,
    layout: {
      home: SANDBOX_HOME,
      work: SANDBOX_WORK,
      tmp: SANDBOX_TMP,
      canaries,
      planted: [...canaries, sample, `${SANDBOX_HOME}/.ssh`, `${SANDBOX_HOME}/.aws`, SANDBOX_HOME, SANDBOX_WORK],
    },
  };
}

/** Removes the folders once the server is gone (its transport closed). */
export async function removeSandboxFolders(folders: Pick<SandboxFolders, 'root'>): Promise<void> {
  const removed = await rm(folders.root, { recursive: true, force: true, maxRetries: 2 }).then(
    () => true,
    () => false,
  );
  if (removed) live.delete(folders.root);
  else removeNow(folders.root, true);
}

const MAX_ENTRIES = 5000;
const MAX_HASHED_BYTES = 4 * 1024 * 1024;

/** Display path (~/x, ./x, /tmp/x) → content hash ("dir", "link", "large:<size>" otherwise). */
export type Snapshot = Map<string, string>;

function display(hostTmp: string, file: string): string {
  const inside = path.posix.join(SANDBOX_TMP, path.relative(hostTmp, file).split(path.sep).join('/'));
  if (inside === SANDBOX_HOME || inside.startsWith(`${SANDBOX_HOME}/`)) return `~${inside.slice(SANDBOX_HOME.length)}`;
  if (inside === SANDBOX_WORK || inside.startsWith(`${SANDBOX_WORK}/`)) return `.${inside.slice(SANDBOX_WORK.length)}`;
  return inside;
}

/** The writable folders' files and their content hashes (bounded: 5000 entries, files up to 4 MB hashed). */
export async function snapshot(hostTmp: string): Promise<Snapshot> {
  const seen: Snapshot = new Map();
  const walk = async (folder: string): Promise<void> => {
    let names: string[];
    try {
      names = await readdir(folder);
    } catch {
      return;
    }
    for (const name of names) {
      if (seen.size >= MAX_ENTRIES) return;
      const file = path.join(folder, name);
      const info = await lstat(file).catch(() => null);
      if (info === null) continue;
      const key = display(hostTmp, file);
      if (info.isDirectory()) {
        seen.set(key, 'dir');
        await walk(file);
      } else if (!info.isFile()) seen.set(key, 'other');
      else if (info.size > MAX_HASHED_BYTES) seen.set(key, `large:${info.size}:${info.mtimeMs}`);
      else {
        const content = await readFile(file).catch(() => null);
        seen.set(key, content === null ? 'unreadable' : createHash('sha256').update(content).digest('hex'));
      }
    }
  };
  await walk(hostTmp);
  return seen;
}

/** Paths added, removed or changed between two snapshots, sorted. */
export function changedPaths(before: Snapshot, after: Snapshot): string[] {
  const changed = new Set<string>();
  for (const [key, hash] of after) if (before.get(key) !== hash && hash !== 'dir') changed.add(key);
  for (const key of before.keys()) if (!after.has(key)) changed.add(key);
  return [...changed].sort();
}
