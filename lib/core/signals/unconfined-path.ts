/**
 * Signal: a path argument whose confinement rests on the server alone (unconfined-path). The tool's
 * name or first sentence names a folder it works in ("Read a file from the public directory") or it copies, links,
 * archives, moves or reads a list of paths (`copy_file(source, destination)`, `create_symlink`, "read
 * the files in the list and return their content"), and a path or file argument takes any text: no
 * enum, const or pattern. Nothing in the schema keeps `../../.ssh/id_rsa` or `/etc/passwd` out: only
 * the server's own check does, and the text that names the folder is the claim to check. Medium,
 * strength 3 like a free URL. A tool that says the server enforces the confinement ("Only works
 * within allowed directories", "must be within", "restricted to") is the honest case
 * (server-filesystem, desktop-commander): not raised, since the listing cannot tell more than the
 * server's word and a flag on 12 of server-filesystem's 14 tools would be noise; `audit --exercise`
 * checks that word with traversal arguments on every tool `unconfinedPath` names, enforced or not
 * arguments (lib/core/exercise/traversal.ts). Top-level arguments only. Heuristic: phrase patterns and
 * argument names.
 */
import { raised, type FlagDefinition } from '../finding';
import { isRecord } from '../is-record';
import { listed, type SignalRule } from './signal-rule';
import { affirmedPhrase, firstSentence } from './words';

export const UNCONFINED_PATH_ID = 'unconfined-path';

/** Argument names that take a path: path, file_path, filename, source, destination, target, dir, … */
export const PATH_ARGUMENT =
  /(?:^|[_-])(?:paths?|files?|file_?names?|file_?paths?|src|source|sources|dest|destination|target|dir|directory|folder)$|^(?:files?|paths?)_?list$|[a-z](?:Path|Paths|File|Files|FileName|Filename|Dir|Directory|Folder|Source|Destination|Target)$/;

/** The text names a folder the tool works in: "from the public directory", "within allowed directories". */
const NAMES_FOLDER =
  /\b(?:from|in|into|within|inside|under|to) (?:the |a |an |its |your |our )?(?:[a-z0-9_-]+ ){0,2}(?:directory|directories|folder|folders|dir|workspace|sandbox)\b/i;
/** The tool copies, links, archives, moves or reads a list of paths. */
const MOVES_PATHS =
  /\b(?:copy|copies|copying|duplicate|symlinks?|symbolic links?|hard ?links?|create (?:a )?link|archives?|archiving|zip|unzip|tar|untar|extract|extracts|compress|compresses|move|moves|moving)\b|\bread (?:the |all |each |every |multiple )?files? (?:in|from|of) (?:the |a )?list\b/i;
/** The tool says the server enforces the confinement. */
const ENFORCED =
  /\b(?:only works within|only within|must be (?:with)?in|restricted to|confined to|limited to|outside (?:of )?(?:the )?allowed|only (?:inside|in) (?:the )?allowed|within (?:the )?allowed)\b[^.\n]{0,50}/i;

function holdsPath(property: Record<string, unknown>): boolean {
  if ('enum' in property || 'const' in property || 'pattern' in property) return false;
  const { type } = property;
  if (type === undefined || type === 'string') return true;
  if (type === 'array') return !isRecord(property.items) || holdsPath(property.items);
  return Array.isArray(type) && type.includes('string');
}

/** Top-level arguments that take any path. */
export function freePathArguments(inputSchema: unknown): string[] {
  if (!isRecord(inputSchema) || !isRecord(inputSchema.properties)) return [];
  return Object.entries(inputSchema.properties)
    .filter(([key, schema]) => PATH_ARGUMENT.test(key) && isRecord(schema) && holdsPath(schema))
    .map(([key]) => key);
}

/**
 * The words that name a folder or an act on paths, the server's own statement that it enforces the
 * folder (or null), and the free path arguments; or null. The signal is raised only without that
 * statement; the exercise sends traversal arguments either way.
 */
export function unconfinedPath(
  words: string,
  prose: readonly string[],
  inputSchema: unknown,
): {
  phrase: string | null;
  enforced: string | null;
  paths: string[];
} | null {
  const paths = freePathArguments(inputSchema);
  if (paths.length === 0) return null;
  // What the tool does is said in its name and first sentence; a folder named further down is a hint
  // ("Prefer paths within mounted directories"), and only a statement that the server enforces it counts.
  const said = [words, ...prose.map(firstSentence)];
  const phrase = affirmedPhrase(said, [MOVES_PATHS, NAMES_FOLDER]);
  const enforced = affirmedPhrase(prose, [ENFORCED]);
  if (phrase === null && enforced === null) return null;
  return { phrase, enforced: enforced?.trim() ?? null, paths };
}

export const UNCONFINED_PATH_DEFINITION: FlagDefinition<typeof UNCONFINED_PATH_ID> = {
  id: UNCONFINED_PATH_ID,
  severity: 'medium',
  title: 'Path confined only by the server',
  meaning:
    'The tool names a folder it works in ("Read a file from the public directory") or copies, links, archives, moves or reads a list of paths, and a path or file argument takes any text (no enum, const or pattern): nothing in the schema keeps ../ chains, absolute paths or symlinks out, only the server\'s own check does. An agent steered by a poisoned text can aim it at ~/.ssh or .env. Not raised when the tool says the server enforces the folder ("Only works within allowed directories"): `audit --exercise` checks that word with traversal arguments. Heuristic: phrase patterns and argument names.',
  default: null,
  doesNotTell:
    'Whether the server checks the path (resolving ../ and symlinks): run `audit --exercise`, which sends traversal arguments and reports a canary read through one (read-outside-folder).',
  reference: 'MCP security best practices (data exfiltration); CWE-22 path traversal; heuristic of this tool',
};

export const unconfinedPathRule: SignalRule<typeof UNCONFINED_PATH_ID> = {
  definition: UNCONFINED_PATH_DEFINITION,
  check({ words, prose, inputSchema }) {
    const found = unconfinedPath(words, prose, inputSchema);
    if (found?.phrase == null || found.enforced !== null) return null;
    const argument = `${found.paths.length === 1 ? 'argument' : 'arguments'} ${listed(found.paths)}`;
    return raised(
      UNCONFINED_PATH_DEFINITION,
      `Says "${found.phrase}", and ${argument} ${found.paths.length === 1 ? 'takes' : 'take'} any path (no enum, const or pattern): only the server can keep ../ and absolute paths out.`,
    );
  },
};
