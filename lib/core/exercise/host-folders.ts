/**
 * Host folders a sandboxed server is given (issue 47.7). A client configures a file server with a
 * host folder (`server-filesystem /home/me/notes`, `--root=/srv/repo`); in the sandbox that folder is
 * hidden (or read-only), so the server exits at its start or every write fails on the system. Such an
 * argument is pointed at a scratch copy of the folder inside the sandbox's tmpfs instead: the server
 * runs as configured, its effects are judged on the copy (the snapshots and the trace see it), and the
 * host folder is only ever read, never written. The copy is bounded (HOST_COPY_LIMITS), and what
 * looks like a secret is left out of it (secretLooking): a tool may send what it reads anywhere, and
 * the canaries are the only secrets the sandbox means to hold. Everything left out is named in the
 * report with its reason. The I/O (walking, planting) is lib/server/exercise/host-folders.ts.
 */
import type { HostFolderCopy } from './schema';

export type { HostFolderCopy };

/** The copy's bounds: entries (files and folders), bytes of file content, folder depth. */
export const HOST_COPY_LIMITS = {
  maxEntries: 1000,
  maxBytes: 32 * 1024 * 1024,
  maxDepth: 16,
} as const;

/**
 * Names that hold credentials by convention: environment files, SSH and TLS keys, package-registry
 * and cloud tokens, password files, key stores. Matched on the last path component, case-insensitive.
 */
const SECRET_NAMES: readonly { test: RegExp; why: string }[] = [
  { test: /^\.env(\..*)?$/i, why: 'an environment file (.env): often holds API keys' },
  { test: /^id_[a-z0-9_-]+(\.pub)?$/i, why: 'an SSH key (id_*)' },
  { test: /\.(pem|key|p12|pfx|jks|keystore|ppk|asc|gpg)$/i, why: 'a key or certificate store' },
  {
    test: /^\.(npmrc|pypirc|netrc|git-credentials|htpasswd|pgpass|dockercfg)$/i,
    why: 'a file of registry or login tokens',
  },
  { test: /^credentials(\..*)?$/i, why: 'a credentials file' },
  { test: /^(\.ssh|\.aws|\.gnupg|\.docker|\.kube)$/i, why: 'a folder of keys or tokens' },
  { test: /^(secrets?|\.secrets?)(\..*)?$/i, why: 'named as secrets' },
];

/** Why a file or folder named `name` is left out as a secret, or null. */
export function secretLooking(name: string): string | null {
  return SECRET_NAMES.find((entry) => entry.test.test(name))?.why ?? null;
}

/** Names the sandbox plants in its working folder itself (the sample, the traversal link, the .env canary). */
export type PlantedNames = ReadonlySet<string>;

/**
 * Why an entry of a host folder is not copied, or null to copy it: a secret-looking name; a symbolic
 * link (its target may be anywhere on the host, and the snapshots never follow one); a device, FIFO
 * or socket; a package folder (node_modules: installed code, not the server's data, and large); a
 * name the sandbox plants at the same place.
 */
export function leftOutBecause(
  name: string,
  kind: 'file' | 'dir' | 'link' | 'other',
  planted: PlantedNames = new Set(),
): string | null {
  const secret = secretLooking(name);
  if (secret !== null) return `${secret}: secret-looking files are not copied`;
  if (kind === 'link') return 'a symbolic link: not followed';
  if (kind === 'other') return 'not a regular file or folder';
  if (kind === 'dir' && name === 'node_modules') return 'installed packages (node_modules): not copied';
  if (planted.has(name)) return 'the sandbox plants a file of this name here';
  return null;
}

/**
 * A command-line word that may name a folder: the whole word, or the value of `--flag=value`; `.`
 * and `./` stay the sandbox's working folder (the server's own folder), and flags without a value
 * name nothing. Returns the part before the value (kept as it is) and the value, or null.
 */
export function folderWord(word: string): { prefix: string; value: string } | null {
  if (word === '' || word === '.' || word === './') return null;
  if (word.startsWith('-')) {
    const equals = word.indexOf('=');
    if (equals < 0) return null;
    const value = word.slice(equals + 1);
    return value === '' || value === '.' || value === './' ? null : { prefix: word.slice(0, equals + 1), value };
  }
  return { prefix: '', value: word };
}

const LEFT_OUT_NAMED = 8;

/** One line per copy: "/home/me/notes → /tmp/work (3 files, 2 KiB); left out: .env (an environment file …)". */
export function hostFolderText(copy: HostFolderCopy): string {
  const kib = Math.ceil(copy.bytes / 1024);
  const head = `${copy.host} → ${copy.sandbox} (a copy: ${copy.files} file${copy.files === 1 ? '' : 's'}, ${kib} KiB; the host folder is never written)`;
  if (copy.leftOut.length === 0) return head;
  const named = copy.leftOut.slice(0, LEFT_OUT_NAMED).map((entry) => `${entry.path} (${entry.reason})`);
  const more = copy.leftOut.length > LEFT_OUT_NAMED ? `, and ${copy.leftOut.length - LEFT_OUT_NAMED} more` : '';
  return `${head}; left out: ${named.join(', ')}${more}`;
}
