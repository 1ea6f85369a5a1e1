/**
 * Snapshots of the sandbox's writable folders, read from the host through /proc/<pid>/root while the
 * server runs (issue 33): the ground truth of what a call changed, whatever system call did it (a
 * descriptor opened at start-up, a hard link, /dev/shm). The server controls these files, so every
 * read is defensive: entries are listed with lstat and never followed; a file is opened with
 * O_NOFOLLOW | O_NONBLOCK (a FIFO swapped in cannot block) and O_NOATIME (a canary's access time
 * stays the server's evidence), checked with fstat on the opened descriptor (a device or FIFO is
 * recorded, never read), and read up to a cap; listing stops at a cap of entries and depth.
 * The PID comes from bubblewrap's info file and is checked against the mount namespace it reported,
 * so a recycled PID can never point the snapshot at another process's files.
 */
import { createHash } from 'node:crypto';
import { constants } from 'node:fs';
import { lstat, lutimes, open, opendir, readlink, type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import type { SandboxLayout } from '../../core/exercise/paths';
import { readSandboxInfo } from './sandbox-info';

const MAX_ENTRIES = 5000;
const MAX_DEPTH = 32;
const MAX_HASHED_BYTES = 4 * 1024 * 1024;
const OPEN_FLAGS = constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK;
/** Files up to this size keep their bytes, up to the total, so a rewrite can be judged additive (core/exercise/kept.ts). */
const MAX_KEPT_BYTES = 256 * 1024;
const MAX_KEPT_TOTAL = 16 * 1024 * 1024;

/** Display path (~/x, ./x, /tmp/x, /dev/shm/x) → size and content hash ("<size>:<sha256>", "dir", "other", "large:<size>:<mtime>"). */
export type Snapshot = Map<string, string>;

export interface SandboxSnapshot {
  files: Snapshot;
  /** The bytes of the small files (display path), within a total cap: what a rewrite is judged against. */
  contents: Map<string, Buffer>;
  /** Each canary's access time (ms) as found, by display path; absent when the canary is gone. */
  canaryAccess: Map<string, number>;
  /** Each canary's access time once re-armed (set before its change time, so the next read moves it again). */
  canaryArmed: Map<string, number>;
  /** True when a cap stopped the listing: the snapshot is partial. */
  capped: boolean;
}

export interface SandboxRoot {
  /** /proc/<pid>/root */
  path: string;
  /** Whether the PID still names the sandbox (its mount namespace): false once it has ended. */
  alive: () => Promise<boolean>;
}

/** The sandbox's root on the host (/proc/<pid>/root), once bubblewrap has reported it; null if it never did. */
export async function sandboxRoot(infoPath: string): Promise<SandboxRoot | null> {
  const info = await readSandboxInfo(infoPath);
  if (info === null) return null;
  const pid = info['child-pid'];
  const namespace = info['mnt-namespace'];
  if (typeof pid !== 'number' || !Number.isInteger(pid) || pid <= 1 || typeof namespace !== 'number') return null;
  const alive = async (): Promise<boolean> =>
    (await readlink(`/proc/${pid}/ns/mnt`).catch(() => '')) === `mnt:[${namespace}]`;
  return (await alive()) ? { path: `/proc/${pid}/root`, alive } : null;
}

/** ~/x, ./x, /tmp/x or /dev/shm/x for a sandbox path. */
export function displayOf(sandboxPath: string, layout: Pick<SandboxLayout, 'home' | 'work'>): string {
  const inside = (folder: string): boolean => sandboxPath === folder || sandboxPath.startsWith(`${folder}/`);
  if (inside(layout.home)) return `~${sandboxPath.slice(layout.home.length)}`;
  if (inside(layout.work)) return `.${sandboxPath.slice(layout.work.length)}`;
  return sandboxPath;
}

async function openQuietly(file: string): Promise<FileHandle | null> {
  try {
    return await open(file, OPEN_FLAGS | constants.O_NOATIME);
  } catch (error) {
    // O_NOATIME is refused (EPERM) on a file that is not the caller's: open without it.
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return null;
    return open(file, OPEN_FLAGS).catch(() => null);
  }
}

async function fileHash(file: string, keep?: (bytes: Buffer) => void): Promise<string> {
  const handle = await openQuietly(file);
  if (handle === null) return 'unreadable';
  try {
    const info = await handle.stat();
    if (!info.isFile()) return 'other';
    if (info.size > MAX_HASHED_BYTES) return `large:${info.size}:${info.mtimeMs}`;
    const buffer = Buffer.alloc(Math.min(info.size, MAX_HASHED_BYTES) + 1);
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
    // Grew while being read: report it by size, never read past the cap.
    if (bytesRead > info.size) return `large:${info.size}+:${info.mtimeMs}`;
    if (bytesRead <= MAX_KEPT_BYTES) keep?.(Buffer.from(buffer.subarray(0, bytesRead)));
    return `${bytesRead}:${createHash('sha256').update(buffer.subarray(0, bytesRead)).digest('hex')}`;
  } catch {
    return 'unreadable';
  } finally {
    await handle.close().catch(() => undefined);
  }
}

/** The sandbox's /tmp and /dev/shm as the host sees them through `root`, bounded; `skip` are bound host paths. */
export async function snapshotSandbox(
  root: string,
  layout: Pick<SandboxLayout, 'home' | 'work' | 'tmp' | 'shm' | 'canaries'>,
  skip: readonly string[] = [],
): Promise<SandboxSnapshot> {
  const files: Snapshot = new Map();
  const contents = new Map<string, Buffer>();
  let keptBytes = 0;
  const keeper = (key: string) => (bytes: Buffer) => {
    if (keptBytes + bytes.length > MAX_KEPT_TOTAL) return;
    keptBytes += bytes.length;
    contents.set(key, bytes);
  };
  const canaryAccess = new Map<string, number>();
  const canaryArmed = new Map<string, number>();
  const canaries = new Set(layout.canaries);
  let capped = false;
  const walk = async (sandboxFolder: string, depth: number): Promise<void> => {
    if (depth > MAX_DEPTH) {
      capped = true;
      return;
    }
    const dir = await opendir(path.join(root, sandboxFolder), { bufferSize: 64 }).catch(() => null);
    if (dir === null) return;
    try {
      for await (const entry of dir) {
        if (files.size >= MAX_ENTRIES) {
          capped = true;
          return;
        }
        const sandboxPath = path.posix.join(sandboxFolder, entry.name);
        if (skip.some((bound) => sandboxPath === bound || sandboxPath.startsWith(`${bound}/`))) continue;
        const info = await lstat(path.join(root, sandboxPath)).catch(() => null);
        if (info === null) continue;
        const key = displayOf(sandboxPath, layout);
        if (canaries.has(sandboxPath) && info.isFile()) {
          canaryAccess.set(key, info.atimeMs);
          canaryArmed.set(key, await rearm(path.join(root, sandboxPath), info.atimeMs, info.mtimeMs));
        }
        if (info.isDirectory()) {
          files.set(key, 'dir');
          await walk(sandboxPath, depth + 1);
        } else if (info.isFile()) files.set(key, await fileHash(path.join(root, sandboxPath), keeper(key)));
        else files.set(key, info.isSymbolicLink() ? 'link' : 'other');
      }
    } finally {
      await dir.close().catch(() => undefined);
    }
  };
  await walk(layout.tmp, 0);
  await walk(layout.shm, 0);
  return { files, contents, canaryAccess, canaryArmed, capped };
}

/**
 * With relatime (the default) a read moves the access time only while it is not after the change
 * time: the canary's access time is set a minute before its modification time, so its next read shows.
 */
async function rearm(file: string, atimeMs: number, mtimeMs: number): Promise<number> {
  const armed = mtimeMs - 60_000;
  if (atimeMs <= armed) return atimeMs;
  const done = await lutimes(file, armed / 1000, mtimeMs / 1000).then(
    () => true,
    () => false,
  );
  return done ? armed : atimeMs;
}

/** Paths added, removed or changed between two snapshots, sorted. */
export function changedPaths(before: Snapshot, after: Snapshot): string[] {
  const changed = new Set<string>();
  for (const [key, hash] of after) if (before.get(key) !== hash && hash !== 'dir') changed.add(key);
  for (const key of before.keys()) if (!after.has(key)) changed.add(key);
  return [...changed].sort();
}

/** A regular file's size from its snapshot entry ("<size>:<sha256>", "large:<size>:<mtime>"), or null (grew while read, not a file). */
function sizeOf(entry: string | undefined): number | null {
  const match = /^(?:large:)?(\d+):/.exec(entry ?? '');
  return match === null ? null : Number(match[1]);
}

/**
 * Files in both snapshots whose content changed while their size did not grow: rewritten in place
 * (an append only grows a file; a truncation is traced too), sorted.
 */
export function rewrittenPaths(before: Snapshot, after: Snapshot): string[] {
  const rewritten: string[] = [];
  for (const [key, hash] of after) {
    const was = before.get(key);
    const [old, now] = [sizeOf(was), sizeOf(hash)];
    if (was !== hash && old !== null && now !== null && now <= old) rewritten.push(key);
  }
  return rewritten.sort();
}

/** Canaries whose access time moved between two snapshots: read, whatever the trace saw. */
export function canariesRead(before: SandboxSnapshot, after: SandboxSnapshot): string[] {
  return [...after.canaryAccess].filter(([key, at]) => (before.canaryArmed.get(key) ?? at) < at).map(([key]) => key);
}
