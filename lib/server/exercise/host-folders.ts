/**
 * Host folders named on a sandboxed server's command line become scratch copies inside the sandbox
 * (issue 47.7; the rule and its reasons: lib/core/exercise/host-folders.ts). Each argument naming an
 * existing host folder (`/home/me/notes`, `--root=/srv/repo`, a folder relative to the audit's
 * folder) that is not the server's own code (a folder bound back to run it) is rewritten: the first
 * to the sandbox's working folder, where the steered paths point, unless `.` already names it; any
 * further one to /tmp/folders/<n>-<name>. The copy is planted by bubblewrap from descriptors opened
 * read-only on the host files, before the server starts, into the sandbox's tmpfs: the host folder
 * is read once and never written. Folders the audit offered as roots (`--root`) are copied the same
 * way for the exercise's roots/list.
 */
import { lstatSync, readdirSync, statSync, type Stats } from 'node:fs';
import path from 'node:path';
import {
  HOST_COPY_LIMITS,
  folderWord,
  leftOutBecause,
  type HostFolderCopy,
  type PlantedNames,
} from '../../core/exercise/host-folders';
import type { PlantedFile } from './sandbox';
import { SANDBOX_TMP, SANDBOX_WORK } from './sandbox-flags';

/** What the sandbox gets: the rewritten arguments, the folders and files to plant, and the copies for the report. */
export interface HostFolderPlan {
  args: string[];
  folders: { sandboxPath: string; mode: number }[];
  planted: PlantedFile[];
  copies: HostFolderCopy[];
  /** Each copied host folder → its sandbox path (for roots given as host folders). */
  mapped: Map<string, string>;
}

const within = (file: string, folder: string): boolean =>
  folder === '/' || file === folder || file.startsWith(`${folder}/`);

function folderAt(candidate: string): string | null {
  try {
    return statSync(candidate).isDirectory() ? candidate : null;
  } catch {
    return null;
  }
}

const kindOf = (info: Stats): 'file' | 'dir' | 'link' | 'other' =>
  info.isSymbolicLink() ? 'link' : info.isDirectory() ? 'dir' : info.isFile() ? 'file' : 'other';

/** Walks `host` (never following a link) and plans its copy at `target` within the limits. */
function planCopy(
  host: string,
  target: string,
  planted: PlantedNames,
  budget: { entries: number; bytes: number },
): { copy: HostFolderCopy; folders: HostFolderPlan['folders']; files: PlantedFile[] } {
  const copy: HostFolderCopy = { host, sandbox: target, files: 0, bytes: 0, leftOut: [] };
  const folders: HostFolderPlan['folders'] = [];
  const files: PlantedFile[] = [];
  const walk = (folder: string, relative: string, depth: number): void => {
    let names: string[];
    try {
      names = readdirSync(folder).sort();
    } catch (error) {
      copy.leftOut.push({ path: relative || '.', reason: `unreadable (${(error as NodeJS.ErrnoException).code})` });
      return;
    }
    for (const name of names) {
      const rel = relative === '' ? name : `${relative}/${name}`;
      const info = (() => {
        try {
          return lstatSync(path.join(folder, name));
        } catch {
          return null;
        }
      })();
      if (info === null) continue;
      const kind = kindOf(info);
      const why = leftOutBecause(name, kind, depth === 0 ? planted : new Set());
      if (why !== null) {
        copy.leftOut.push({ path: rel, reason: why });
        continue;
      }
      if (budget.entries >= HOST_COPY_LIMITS.maxEntries) {
        copy.leftOut.push({ path: rel, reason: `past the copy's cap of ${HOST_COPY_LIMITS.maxEntries} entries` });
        continue;
      }
      if (kind === 'dir' && depth + 1 >= HOST_COPY_LIMITS.maxDepth) {
        copy.leftOut.push({ path: rel, reason: `deeper than the copy's cap of ${HOST_COPY_LIMITS.maxDepth} folders` });
        continue;
      }
      if (kind === 'file' && budget.bytes + info.size > HOST_COPY_LIMITS.maxBytes) {
        copy.leftOut.push({ path: rel, reason: `past the copy's cap of ${HOST_COPY_LIMITS.maxBytes / 1048576} MiB` });
        continue;
      }
      budget.entries += 1;
      const sandboxPath = `${target}/${rel}`;
      if (kind === 'dir') {
        folders.push({ sandboxPath, mode: (info.mode & 0o777) | 0o700 });
        walk(path.join(folder, name), rel, depth + 1);
      } else {
        budget.bytes += info.size;
        copy.files += 1;
        copy.bytes += info.size;
        files.push({ host: path.join(folder, name), sandboxPath, mode: info.mode & 0o777 });
      }
    }
  };
  walk(host, '', 0);
  return { copy, folders, files };
}

/**
 * The arguments with every host folder pointed at its copy, and the copies to plant. `code` are the
 * host paths bound back to run the server (host-view.ts): a folder that is, holds or lies in one of
 * them is the server's code and stays as it is. `roots` are host folders offered as roots.
 */
export function hostFolderPlan(
  args: readonly string[],
  options: { cwd: string; code: readonly string[]; planted: PlantedNames; roots?: readonly string[] },
): HostFolderPlan {
  const plan: HostFolderPlan = { args: [...args], folders: [], planted: [], copies: [], mapped: new Map() };
  const budget = { entries: 0, bytes: 0 };
  const workTaken = args.some((word) => word === '.' || word === './');
  const targetFor = (host: string): string => {
    const known = plan.mapped.get(host);
    if (known !== undefined) return known;
    const first = plan.mapped.size === 0 && !workTaken;
    const target = first
      ? SANDBOX_WORK
      : `${SANDBOX_TMP}/folders/${plan.mapped.size + 1}-${path.basename(host).replace(/[^\w.-]/g, '_') || 'root'}`;
    if (!first) {
      if (!plan.folders.some((folder) => folder.sandboxPath === `${SANDBOX_TMP}/folders`))
        plan.folders.push({ sandboxPath: `${SANDBOX_TMP}/folders`, mode: 0o755 });
      plan.folders.push({ sandboxPath: target, mode: 0o755 });
    }
    plan.mapped.set(host, target);
    const made = planCopy(host, target, first ? options.planted : new Set(), budget);
    plan.copies.push(made.copy);
    plan.folders.push(...made.folders);
    plan.planted.push(...made.files);
    return target;
  };
  const hostFolder = (value: string): string | null => {
    const folder = folderAt(path.resolve(options.cwd, value));
    if (folder === null || folder === '/') return null;
    const code = options.code.some((bound) => within(bound, folder) || within(folder, bound));
    return code ? null : folder;
  };
  for (const [index, word] of args.entries()) {
    const parts = folderWord(word);
    const folder = parts === null ? null : hostFolder(parts.value);
    if (parts === null || folder === null) continue;
    plan.args[index] = `${parts.prefix}${targetFor(folder)}`;
  }
  for (const root of options.roots ?? []) {
    const folder = hostFolder(root);
    if (folder !== null) targetFor(folder);
  }
  return plan;
}
