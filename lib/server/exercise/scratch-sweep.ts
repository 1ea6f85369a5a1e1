/**
 * The sandbox host folders' owners, written and swept (issue 48; the rule is
 * lib/core/exercise/scratch-owner.ts): each new folder records the process that made it, and each
 * start removes the folders a killed run left behind in the same temporary folder: the project's
 * naming, the same user, a real folder (never a link), its owner recorded and gone. Nothing else is
 * touched; a folder that cannot be read or removed is left for the next start.
 */
import { constants } from 'node:fs';
import { lstat, open, readFile, readdir, readlink, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import {
  OWNER_FILE,
  isScratchName,
  ownerGone,
  ownerText,
  parseOwner,
  startTimeOf,
  type ScratchOwner,
} from '../../core/exercise/scratch-owner';

const OWNER_MAX_BYTES = 512;

async function selfOwner(): Promise<ScratchOwner | null> {
  const stat = await readFile('/proc/self/stat', 'utf8').catch(() => null);
  const start = stat === null ? null : startTimeOf(stat);
  const pidNamespace = await readlink('/proc/self/ns/pid').catch(() => null);
  return start === null || pidNamespace === null ? null : { pid: process.pid, start, pidNamespace };
}

/** Writes the owner record into a folder just made (nothing on a system without /proc: the folder is then never swept). */
export async function recordOwner(root: string): Promise<void> {
  const owner = await selfOwner();
  if (owner !== null) await writeFile(path.join(root, OWNER_FILE), ownerText(owner), { mode: 0o600 });
}

/** The record in a folder, read without following a link and capped; null when there is none to trust. */
async function readOwner(root: string): Promise<ScratchOwner | null> {
  const handle = await open(path.join(root, OWNER_FILE), constants.O_RDONLY | constants.O_NOFOLLOW).catch(() => null);
  if (handle === null) return null;
  try {
    const buffer = Buffer.alloc(OWNER_MAX_BYTES);
    const { bytesRead } = await handle.read(buffer, 0, OWNER_MAX_BYTES, 0);
    return parseOwner(buffer.subarray(0, bytesRead).toString('utf8'));
  } finally {
    await handle.close();
  }
}

/** Removes the folders under `parent` that killed runs left behind; returns their names. */
export async function sweepLeftFolders(parent: string): Promise<string[]> {
  const here = await selfOwner();
  if (here === null) return [];
  const uid = process.getuid?.() ?? -1;
  const removed: string[] = [];
  for (const name of await readdir(parent).catch(() => [] as string[])) {
    if (!isScratchName(name)) continue;
    const root = path.join(parent, name);
    const info = await lstat(root).catch(() => null);
    if (info === null || !info.isDirectory() || info.uid !== uid) continue;
    const owner = await readOwner(root);
    if (owner === null || owner.pid === process.pid) continue;
    const stat = await readFile(`/proc/${owner.pid}/stat`, 'utf8').catch(() => null);
    if (!ownerGone(owner, here.pidNamespace, stat)) continue;
    if (
      await rm(root, { recursive: true, force: true, maxRetries: 1 }).then(
        () => true,
        () => false,
      )
    )
      removed.push(name);
  }
  return removed;
}
