/**
 * Steering generated arguments to safe values (issue 23): a schema sampler fills every required
 * field; then every path-like field points inside the sandbox's working folder (a planted sample
 * file, or the folder itself for folder-like fields), every URL-like field at a loopback address
 * inside the sandbox (which has no network), host fields at 127.0.0.1, strings are kept short and
 * arrays small. Enumerated values are kept as sampled: they are what the tool accepts.
 * Issue 34: a process id, process group or parent id field gets PID_NOBODY, a pid no process can
 * have (above Linux's pid_max limit of 2^22), so a kill_process or a signal tool acts on nothing:
 * never 0 (the caller's own process group: `kill(0, …)` killed desktop-commander's server), never
 * 1 (init), never a real pid of the server. A port field gets the loopback listener's port, never
 * the server's own. And `optionalPaths` picks the optional path and file-name fields a read-only
 * tool's second pass fills (where a "read-only" screenshot tool writes its `filename`).
 * Issue 47: a path field is the folder, not the sample file, when its own description or title says
 * folder, directory, repository, dir or repo (and not file), when its name does (`repoPath`), when
 * it is a `path` of a tool whose name lists or searches, or, with no description of its own, when the
 * tool's description says so and not "file" (git-mcp-server's `path`: "Path to the Git repository").
 * A `repo` or `repository` field is a path (the folder) only when its description says path or folder.
 * `reusable` keeps these rules for a value taken from a listing tool's result (reuse.ts): never a
 * pid or a port field, never a path or a file: URI outside the working folder, never a URL that is
 * not loopback (the sandbox has no network, and a reused value must not aim a call elsewhere).
 */
import { isRecord } from '../is-record';

export interface SteerTargets {
  /** The working folder as the server sees it. */
  work: string;
  /** A planted file inside it, for read-like path fields. */
  sampleFile: string;
  /** Where a path for something new goes. */
  newFile: string;
  /** A loopback URL: the listener the exercise runs inside the sandbox's own network (configurable). */
  url: string;
  /** The port of that listener, for port fields. */
  port: number;
}

/** A pid no process can have: above Linux's largest pid_max (2^22), below 2^31 so every schema accepts it. */
export const PID_NOBODY = 2_147_483_646;
const PID_NAME = /^(?:.*_)?(?:pid|ppid|pgid|pgrp|process_?id|process_?group)s?$/i;
const PID_CAMEL = /[a-z](?:Pid|Ppid|Pgid|ProcessId|ProcessGroup)s?$/;
const PID_KEY = { test: (key: string): boolean => PID_NAME.test(key) || PID_CAMEL.test(key) };
const PORT_KEY = /port$/i;
const AMBIGUOUS_KEY = /^(target|to|from|source|src)$/i;

const MAX_STRING = 64;
const MAX_ITEMS = 3;
const URL_KEY = /(url|uri|endpoint|href|link|webhook)s?$/i;
const HOST_KEY = /(host|hostname|domain|server|address)$/i;
const FOLDER_KEY = /(dir|directory|folder|root|cwd|workdir|workspace)$/i;
const NEW_PATH_KEY = /(destination|dest|target|newpath|new_path|output|to)$/i;
const PATH_KEY = /(path|file|filename|filepath|source|src|from|paths|files)$/i;
const FOLDER_TOOL = /(dir|folder|tree|list|search|find|glob)/i;
const FOLDER_WORDS = /\b(?:folders?|director(?:y|ies)|dirs?|repo(?:sitor(?:y|ies))?s?|workspaces?)\b/i;
const FILE_WORDS = /\bfiles?\b/i;
const FOLDER_IN_KEY = /(?:dir|folder|repo|repository)(?:_?path)?$/i;
const REPO_KEY = /^(?:repo|repository)$/i;
const PATH_WORDS = /\b(?:path|folder|director(?:y|ies)|local)\b/i;

function describedAs(schema: unknown): string {
  if (!isRecord(schema)) return '';
  return [schema.description, schema.title].filter((text) => typeof text === 'string').join(' ');
}

/** The tool a field belongs to: its name, and its description (issue 47: "the Git repository"). */
export interface SteerTool {
  name: string;
  description?: string | null;
}

/** Whether path field `key` names a folder rather than a file (issue 47; the rule in the header). */
export function folderField(key: string, schema: unknown, tool: SteerTool): boolean {
  const own = describedAs(schema);
  if (FOLDER_WORDS.test(own) && !FILE_WORDS.test(own)) return true;
  if (FILE_WORDS.test(own)) return false;
  if (FOLDER_IN_KEY.test(key)) return true;
  if (key === 'path' && FOLDER_TOOL.test(tool.name)) return true;
  const about = tool.description ?? '';
  return own === '' && FOLDER_WORDS.test(about) && !FILE_WORDS.test(about);
}

function propertySchema(schema: unknown, key: string): unknown {
  if (!isRecord(schema)) return undefined;
  const properties = schema.properties;
  return isRecord(properties) ? properties[key] : undefined;
}

function itemSchema(schema: unknown): unknown {
  return isRecord(schema) ? schema.items : undefined;
}

function hasEnum(schema: unknown): boolean {
  return isRecord(schema) && (Array.isArray(schema.enum) || 'const' in schema);
}

function steerString(value: string, key: string, schema: unknown, targets: SteerTargets, tool: SteerTool): string {
  if (hasEnum(schema)) return value;
  if (PID_KEY.test(key)) return String(PID_NOBODY);
  if (PORT_KEY.test(key)) return String(targets.port);
  const format = isRecord(schema) && typeof schema.format === 'string' ? schema.format : '';
  if (URL_KEY.test(key) || format === 'uri' || format === 'url' || /^[a-z][a-z0-9+.-]*:\/\//i.test(value))
    return targets.url;
  if (HOST_KEY.test(key) || format === 'hostname' || format === 'ipv4') return '127.0.0.1';
  if (format === 'email') return 'someone@example.invalid';
  if (FOLDER_KEY.test(key)) return targets.work;
  if (NEW_PATH_KEY.test(key)) return targets.newFile;
  if (PATH_KEY.test(key)) return folderField(key, schema, tool) ? targets.work : targets.sampleFile;
  if (REPO_KEY.test(key) && PATH_WORDS.test(describedAs(schema))) return targets.work;
  return value.length > MAX_STRING ? value.slice(0, MAX_STRING) : value;
}

function steer(value: unknown, key: string, schema: unknown, targets: SteerTargets, tool: SteerTool): unknown {
  if (typeof value === 'string') return steerString(value, key, schema, targets, tool);
  if (typeof value === 'number' && !hasEnum(schema)) {
    if (PID_KEY.test(key)) return PID_NOBODY;
    if (PORT_KEY.test(key)) return targets.port;
  }
  if (Array.isArray(value))
    return value.slice(0, MAX_ITEMS).map((item) => steer(item, key, itemSchema(schema), targets, tool));
  if (isRecord(value)) {
    const steered: Record<string, unknown> = {};
    for (const [name, item] of Object.entries(value))
      steered[name] = steer(item, name, propertySchema(schema, name), targets, tool);
    return steered;
  }
  return value;
}

/**
 * The arguments to send: the sample steered to safe values. The tool (a name, or a name and a
 * description) tells a folder's `path` from a file's (folderField). Anything but an object becomes {}.
 */
export function steerArguments(
  sample: unknown,
  schema: unknown,
  targets: SteerTargets,
  tool: string | SteerTool,
): Record<string, unknown> {
  const steered = steer(sample, '', schema, targets, typeof tool === 'string' ? { name: tool } : tool);
  return isRecord(steered) ? steered : {};
}

/** The optional top-level fields of `schema` that name a path or a file (the second pass of a read-only tool). */
export function optionalPaths(schema: unknown): string[] {
  if (!isRecord(schema) || !isRecord(schema.properties)) return [];
  const required = Array.isArray(schema.required) ? schema.required : [];
  return (
    Object.entries(schema.properties)
      .filter(([name, property]) => !required.includes(name) && isRecord(property) && property.type === 'string')
      // target, to, from, source: often not a file at all (Playwright's `target` is an element selector).
      .filter(([name]) => (PATH_KEY.test(name) || FOLDER_KEY.test(name)) && !AMBIGUOUS_KEY.test(name))
      .map(([name]) => name)
  );
}

const LOOPBACK_URL = /^[a-z][a-z0-9+.-]*:\/\/(?:127\.0\.0\.1|localhost|\[::1\])(?:[:/]|$)/i;

/** A pid, process group or port field: steered always, never filled from a result. */
export function pidOrPortKey(key: string): boolean {
  return PID_KEY.test(key) || PORT_KEY.test(key);
}

/** Whether `value`, taken from an earlier call's result, may be sent as field `key` (the steering rules kept). */
export function reusable(key: string, value: unknown, targets: SteerTargets): boolean {
  if (pidOrPortKey(key)) return false;
  if (Array.isArray(value)) return value.every((item) => reusable(key, item, targets));
  if (typeof value === 'number') return Number.isFinite(value);
  if (typeof value !== 'string') return false;
  const inside = (path: string): boolean =>
    !path.split('/').includes('..') && (path === targets.work || path.startsWith(`${targets.work}/`));
  if (value.startsWith('/') || value.startsWith('~') || /^[a-z]:[\\/]/i.test(value)) return inside(value);
  if (/^file:/i.test(value)) return inside(value.replace(/^file:(?:\/\/)?/i, ''));
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(value)) return LOOPBACK_URL.test(value);
  return !value.split(/[\\/]/).includes('..');
}
