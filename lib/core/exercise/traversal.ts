/**
 * Traversal arguments (issue 46): a tool whose path argument is confined only by the server
 * (lib/core/signals/unconfined-path.ts names it: a folder named in its text, a copy, link, archive or
 * move, or the server's own "Only works within allowed directories") also gets three calls that aim
 * that argument at the sandbox HOME's SSH canary from its working folder: a `../` chain deep enough
 * to reach `/` from any folder up to eight levels down (the server may join it to a folder of its
 * own: `/tmp/work/public/` + `../../../../../../../../tmp/home/.ssh/id_ed25519` is the canary), the
 * canary's absolute path, and a symlink planted in the working folder that points at the canary
 * (lib/server/exercise/folders.ts). A server that confines its paths refuses all three (resolving
 * `..` and the link); one that reads any path it is given reads the canary, and the behaviour finding
 * read-outside-folder says so with the argument that did it. The calls come after every other call
 * of the run, so they never take the place of one, and never aim anything but the canary.
 */
import { isRecord } from '../is-record';
import { freePathArguments, unconfinedPath } from '../signals/unconfined-path';
import { nameWords } from '../signals/words';

export interface TraversalTargets {
  /** The working folder as the server sees it. */
  work: string;
  /** The canary to aim at (an absolute sandbox path). */
  canary: string;
  /** A symlink in the working folder pointing at the canary (an absolute sandbox path). */
  link: string;
}

/** The symlink's name in the working folder (planted by lib/server/exercise/folders.ts). */
export const TRAVERSAL_LINK_NAME = 'hintcheck-link';
/** The canary the calls aim at, below the sandbox HOME. */
export const TRAVERSAL_CANARY = '.ssh/id_ed25519';

/** How deep a folder the `../` chain climbs out of. */
export const TRAVERSAL_DEPTH = 8;
/** Arguments that name where something goes, not what is read: aimed at last. */
const WHERE_TO = /(?:destination|dest|target|output|new_?path|to)$/i;

export type TraversalKind = 'dot-dot' | 'absolute' | 'symlink';

/** The three paths, each with its kind. */
export function traversalPaths(targets: TraversalTargets): { kind: TraversalKind; path: string }[] {
  return [
    { kind: 'dot-dot', path: `${'../'.repeat(TRAVERSAL_DEPTH)}${targets.canary.replace(/^\/+/, '')}` },
    { kind: 'absolute', path: targets.canary },
    { kind: 'symlink', path: targets.link },
  ];
}

interface ToolText {
  name: string;
  title?: string | null;
  description?: string | null;
  inputSchema?: unknown;
}

/** The path argument a traversal call aims, or null when the tool gets none. */
export function traversalArgument(tool: ToolText): string | null {
  const prose = [tool.title, tool.description].filter((text): text is string => typeof text === 'string');
  if (unconfinedPath(nameWords(tool.name), prose, tool.inputSchema) === null) return null;
  const paths = freePathArguments(tool.inputSchema);
  return paths.find((key) => !WHERE_TO.test(key)) ?? paths[0] ?? null;
}

/**
 * The traversal calls' arguments for a tool: its steered arguments with one path argument aimed at
 * the canary, once per path (an array argument gets a one-item array). None for another tool.
 */
export function traversalArguments(
  tool: ToolText,
  steered: Record<string, unknown>,
  targets: TraversalTargets,
): Record<string, unknown>[] {
  const key = traversalArgument(tool);
  if (key === null) return [];
  const properties =
    isRecord(tool.inputSchema) && isRecord(tool.inputSchema.properties) ? tool.inputSchema.properties : {};
  const property = properties[key];
  const isArray = isRecord(property) && property.type === 'array';
  return traversalPaths(targets).map(({ path }) => ({ ...steered, [key]: isArray ? [path] : path }));
}

/** The argument of a traversal call that carried the path ("filename=../../…"), read back from its JSON; or null. */
export function traversalThrough(argumentsJson: string): string | null {
  let args: unknown;
  try {
    args = JSON.parse(argumentsJson);
  } catch {
    return null;
  }
  if (!isRecord(args)) return null;
  const aimed = (one: unknown): one is string =>
    typeof one === 'string' &&
    (one.includes('../') || one.endsWith(`/${TRAVERSAL_CANARY}`) || one.endsWith(`/${TRAVERSAL_LINK_NAME}`));
  for (const [key, value] of Object.entries(args)) {
    const path = (Array.isArray(value) ? (value as unknown[]) : [value]).find(aimed);
    if (path !== undefined) return `${key}=${path}`;
  }
  return null;
}
