/**
 * Steering generated arguments to safe values (issue 23): a schema sampler fills every required
 * field; then every path-like field points inside the sandbox's working folder (a planted sample
 * file, or the folder itself for folder-like fields), every URL-like field at a loopback address
 * inside the sandbox (which has no network), host fields at 127.0.0.1, strings are kept short and
 * arrays small. Enumerated values are kept as sampled: they are what the tool accepts.
 */
import { isRecord } from '../is-record';

export interface SteerTargets {
  /** The working folder as the server sees it. */
  work: string;
  /** A planted file inside it, for read-like path fields. */
  sampleFile: string;
  /** Where a path for something new goes. */
  newFile: string;
  /** A loopback URL (nothing listens: the sandbox has no network). */
  url: string;
}

const MAX_STRING = 64;
const MAX_ITEMS = 3;
const URL_KEY = /(url|uri|endpoint|href|link|webhook)s?$/i;
const HOST_KEY = /(host|hostname|domain|server|address)$/i;
const FOLDER_KEY = /(dir|directory|folder|root|cwd|workdir|workspace)$/i;
const NEW_PATH_KEY = /(destination|dest|target|newpath|new_path|output|to)$/i;
const PATH_KEY = /(path|file|filename|filepath|source|src|from|paths|files)$/i;
const FOLDER_TOOL = /(dir|folder|tree|list|search|find|glob)/i;

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

function steerString(value: string, key: string, schema: unknown, targets: SteerTargets, toolName: string): string {
  if (hasEnum(schema)) return value;
  const format = isRecord(schema) && typeof schema.format === 'string' ? schema.format : '';
  if (URL_KEY.test(key) || format === 'uri' || format === 'url' || /^[a-z][a-z0-9+.-]*:\/\//i.test(value))
    return targets.url;
  if (HOST_KEY.test(key) || format === 'hostname' || format === 'ipv4') return '127.0.0.1';
  if (format === 'email') return 'someone@example.invalid';
  if (FOLDER_KEY.test(key)) return targets.work;
  if (NEW_PATH_KEY.test(key)) return targets.newFile;
  if (PATH_KEY.test(key)) return key === 'path' && FOLDER_TOOL.test(toolName) ? targets.work : targets.sampleFile;
  return value.length > MAX_STRING ? value.slice(0, MAX_STRING) : value;
}

function steer(value: unknown, key: string, schema: unknown, targets: SteerTargets, toolName: string): unknown {
  if (typeof value === 'string') return steerString(value, key, schema, targets, toolName);
  if (Array.isArray(value))
    return value.slice(0, MAX_ITEMS).map((item) => steer(item, key, itemSchema(schema), targets, toolName));
  if (isRecord(value)) {
    const steered: Record<string, unknown> = {};
    for (const [name, item] of Object.entries(value))
      steered[name] = steer(item, name, propertySchema(schema, name), targets, toolName);
    return steered;
  }
  return value;
}

/**
 * The arguments to send: the sample steered to safe values. `toolName`
 * tells a folder-listing tool's `path` (list, tree, search...) from a file tool's. Anything but an object becomes {}.
 */
export function steerArguments(
  sample: unknown,
  schema: unknown,
  targets: SteerTargets,
  toolName: string,
): Record<string, unknown> {
  const steered = steer(sample, '', schema, targets, toolName);
  return isRecord(steered) ? steered : {};
}
