/**
 * What of the host a sandboxed server sees (issue 33): the system read-only, minus the places where
 * users' files and sockets live, which are hidden behind empty tmpfs: /home, /root, the caller's
 * HOME, /run and /var/run (host sockets), /var/tmp, /mnt, /media (and /tmp and /dev/shm, replaced by
 * the sandbox's own). Only what the server needs to run is bound back, read-only: the install root of
 * the command (resolved on PATH), of `node` on PATH, and the project of the first file argument (the
 * script: the folder holding its outermost node_modules, or the nearest folder with a package.json).
 * A folder the arguments merely name (a /tmp folder, a socket's folder) is never bound back, and no
 * hidden area itself (a HOME with its ~/.ssh) is ever exposed whole: a script lying directly in one
 * is bound back alone. A script reached through a symbolic link is run by its real path when the link
 * lies in a hidden folder (the link is not there in the sandbox; its target's project is bound back).
 */
import { lstatSync, realpathSync, statSync } from 'node:fs';
import path from 'node:path';
import { findExecutable } from './sandbox-probe';

const ALWAYS_HIDDEN = ['/home', '/root', '/run', '/var/run', '/var/tmp', '/mnt', '/media'];
/** Replaced by the sandbox's own tmpfs, never bound back. */
const REPLACED = ['/tmp', '/dev/shm'];

export interface HostView {
  /** Folders hidden behind an empty tmpfs, in mount order (parents first). */
  hidden: string[];
  /** Host paths bound back read-only at the same place (folders or single files). */
  bound: string[];
  /** The command to run, made absolute when it was found on PATH under a hidden folder. */
  command: string;
  /** The arguments to run it with: the script by its real path when a link to it lies in a hidden folder. */
  args: string[];
}

const isRealFolder = (folder: string): boolean => {
  try {
    return lstatSync(folder).isDirectory();
  } catch {
    return false;
  }
};

const within = (file: string, folder: string): boolean =>
  folder === '/' ? true : file === folder || file.startsWith(`${folder}/`);

function realFile(file: string): string | null {
  try {
    const real = realpathSync(file);
    return statSync(real).isFile() ? real : null;
  } catch {
    return null;
  }
}

/** A runtime's install root: /x/node-v22/bin/node → /x/node-v22; inside node_modules, the project. */
function installRoot(file: string): string {
  const modules = file.indexOf('/node_modules/');
  if (modules > 0) return file.slice(0, modules);
  const folder = path.dirname(file);
  return path.basename(folder) === 'bin' ? path.dirname(folder) : folder;
}

function hasPackageJson(folder: string): boolean {
  try {
    return statSync(path.join(folder, 'package.json')).isFile();
  } catch {
    return false;
  }
}

/** A script's project: before its outermost node_modules, else the nearest folder with a package.json, else its folder. */
function projectRoot(file: string, stopAt: string): string {
  const modules = file.indexOf('/node_modules/');
  if (modules > 0) return file.slice(0, modules);
  for (let folder = path.dirname(file); within(folder, stopAt) && folder !== stopAt; folder = path.dirname(folder))
    if (hasPackageJson(folder)) return folder;
  return path.dirname(file);
}

/** The folders to hide on this host, for a caller whose HOME is `home`. */
export function hiddenAreas(home: string | undefined): string[] {
  const candidates = [...ALWAYS_HIDDEN];
  if (home !== undefined && path.isAbsolute(home) && home !== '/' && !candidates.some((area) => within(home, area)))
    candidates.push(path.normalize(home));
  return candidates.filter(isRealFolder);
}

/** What to bind back so that `command args` can run, given the hidden folders. */
export function hostView(
  command: string,
  args: readonly string[],
  pathEnv: string | undefined,
  home: string | undefined,
): HostView {
  const hidden = hiddenAreas(home);
  const covering = [...hidden, ...REPLACED];
  const areaOf = (file: string): string | undefined => covering.find((area) => within(file, area));
  const bound = new Set<string>();
  const bindBack = (file: string, root: string): void => {
    const area = areaOf(file);
    if (area === undefined) return;
    // Never a hidden area whole, nor a folder holding one: the file alone then.
    const safe = covering.some((other) => within(other, root)) ? file : root;
    if (![...bound].some((kept) => within(safe, kept))) bound.add(safe);
  };
  const onPath = command.includes('/') ? command : findExecutable(command, pathEnv);
  const resolved = onPath === null ? null : realFile(onPath);
  if (resolved !== null) bindBack(resolved, installRoot(resolved));
  const node = findExecutable('node', pathEnv);
  const nodeReal = node === null ? null : realFile(node);
  if (nodeReal !== null) bindBack(nodeReal, installRoot(nodeReal));
  const scriptAt = args.findIndex((arg) => path.isAbsolute(arg) && realFile(arg) !== null);
  const given = args[scriptAt];
  const script = given === undefined ? null : realFile(given);
  const runArgs = [...args];
  if (given !== undefined && script !== null) {
    const area = areaOf(script) ?? '/';
    bindBack(script, projectRoot(script, area));
    if (script !== given && areaOf(given) !== undefined) runArgs[scriptAt] = script;
  }
  const visible = resolved !== null && onPath !== null && areaOf(onPath) !== undefined ? resolved : command;
  return { hidden, bound: [...bound].sort(), command: visible, args: runArgs };
}
