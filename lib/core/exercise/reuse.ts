/**
 * Reusing ids a listing tool returned (issue 34, "arguments that reach the code"): a "get" tool
 * whose required argument names something the server made (Playwright's browser_network_request
 * {index}: "Request #1 not found"; chrome-devtools' get_console_message {msgid}; server-memory's
 * open_nodes {names}) fails on a sampled value, so its hints go unchecked. The rule:
 * - an id field is a required top-level field named id, ids, index, idx, msgid, reqid, uid, name,
 *   names, uri, uris, key, keys, or ending in _id / Id (_ids / Ids); never a pid or a port field
 *   (steer.ts);
 * - the listing tool is another planned tool with the same name stem (verbs get/read/open/show/
 *   describe/fetch/view/list/search/find/query stripped at the start, get/list/show at the end, a
 *   plural "s" dropped: list_X/get_X, X_list/X_get, browser_network_requests/browser_network_request,
 *   list_console_messages/get_console_message, search_nodes/open_nodes) that lists (a list/search/find
 *   verb, a _list ending, or a plural name) and has no required id field of its own;
 * - issue 47: or a listing tool whose stem is the id field's subject, whatever the get tool's name
 *   (`list-connections` feeds every tool's `connectionId`; `list_projects` feeds `project_id`), so one
 *   listing tool's result feeds every get/read/describe tool taking that id; names are compared with
 *   hyphens and camelCase read as underscores (`list-connections`, `listConnections`);
 * - the listing tool is called first: the get tool moves to just after it when both are in the same
 *   group (read-only first, destructive last, select.ts); a listing tool in a later group is no source;
 * - the value is read from the listing call's result: structured content first (a field of the same
 *   name, its singular, or for an ..id field the `id` (else the `name`) of the first element of a listed array), else
 *   a conservative parse of its text blocks (a JSON object or array; "msgid=5", "id: abc"; "#3" and
 *   a numbered list "1. [GET] …" for a numeric field); it is coerced to the field's schema type and
 *   kept only when steer.ts's `reusable` allows it (no pid, no port, no path outside the sandbox).
 * Nothing found: the generated value is sent, as before.
 */
import { isRecord } from '../is-record';
import { escapeRegExp } from '../signals/mentioned-tools';
import { pidOrPortKey, reusable, type SteerTargets } from './steer';

const ID_NAME = /^(?:id|ids|index|idx|msgid|reqid|uid|name|names|uri|uris|key|keys)$/i;
const ID_SUFFIX = /(?:_ids?|[a-z0-9]Ids?)$/;
const LEADING_VERB = /^(?:get|read|open|show|describe|fetch|view|list|search|find|query)_/;
const TRAILING_VERB = /_(?:get|list|show)$/;
const LISTING = /^(?:list|search|find)_|_list$/;
const ID_ENDING = /_?ids?$/i;

/** What to fill in a get tool's call from its listing tool's result. */
export interface ReuseSource {
  /** The listing tool. */
  source: string;
  /** The get tool's id fields to fill. */
  fields: string[];
  /** The get tool's inputSchema (the fields' types). */
  schema: unknown;
}

interface ToolShape {
  name: string;
  inputSchema?: unknown;
}

function required(schema: unknown): string[] {
  if (!isRecord(schema) || !Array.isArray(schema.required)) return [];
  return schema.required.filter((name): name is string => typeof name === 'string');
}

function property(schema: unknown, name: string): unknown {
  return isRecord(schema) && isRecord(schema.properties) ? schema.properties[name] : undefined;
}

/** The required top-level fields of `schema` that look like identifiers of something the server made. */
export function idFields(schema: unknown): string[] {
  return required(schema).filter((name) => (ID_NAME.test(name) || ID_SUFFIX.test(name)) && !pidOrPortKey(name));
}

/** A name with hyphens and camelCase read as underscores, lower case: `list-connections`, `listConnections` → `list_connections`. */
function snake(name: string): string {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/-/g, '_')
    .toLowerCase();
}

function singularOf(word: string): string {
  return word.endsWith('s') && !word.endsWith('ss') ? word.slice(0, -1) : word;
}

/** The tool name without its verbs and plural: what it is about. */
export function nameStem(name: string): string {
  return singularOf(snake(name).replace(LEADING_VERB, '').replace(TRAILING_VERB, ''));
}

/** What an ..Id field names (`connectionId`, `connection_ids` → `connection`), or null for a bare id field. */
export function idSubject(field: string): string | null {
  const subject = snake(field).replace(ID_ENDING, '');
  return subject === '' || subject === snake(field) ? null : singularOf(subject);
}

function lists(tool: ToolShape): boolean {
  const bare = snake(tool.name).replace(TRAILING_VERB, '');
  return (
    (LISTING.test(snake(tool.name)) || (bare.endsWith('s') && !bare.endsWith('ss'))) &&
    idFields(tool.inputSchema).length === 0
  );
}

/** For each tool with id fields, the listing tool among `tools` its ids come from (tools with none are left out). */
export function reuseSources(tools: readonly ToolShape[]): Map<string, ReuseSource> {
  const sources = new Map<string, ReuseSource>();
  for (const tool of tools) {
    const fields = idFields(tool.inputSchema);
    if (fields.length === 0) continue;
    const stem = nameStem(tool.name);
    const subjects = fields.map(idSubject).filter((subject) => subject !== null);
    const listing = tools.filter((other) => other.name !== tool.name && lists(other));
    const source =
      listing.find((other) => nameStem(other.name) === stem) ??
      listing.find((other) => subjects.includes(nameStem(other.name)));
    if (source !== undefined) sources.set(tool.name, { source: source.name, fields, schema: tool.inputSchema });
  }
  return sources;
}

/**
 * `tools` in call order with each get tool moved to just after its listing tool when both have the
 * same harm (0 read-only, 1 additive, 2 destructive): the groups' order is kept. Sources whose listing
 * tool is in a later group, or not in `tools`, are dropped from the returned map.
 */
export function orderForReuse<T extends { name: string; harm: number }>(
  tools: readonly T[],
  sources: ReadonlyMap<string, ReuseSource>,
): { tools: T[]; sources: Map<string, ReuseSource> } {
  const kept = new Map<string, ReuseSource>();
  const ordered = [...tools];
  for (const tool of tools) {
    const reuse = sources.get(tool.name);
    const list = reuse === undefined ? undefined : tools.find((other) => other.name === reuse.source);
    if (reuse === undefined || list === undefined || list.harm > tool.harm) continue;
    kept.set(tool.name, reuse);
    const at = ordered.indexOf(tool);
    const listAt = ordered.indexOf(list);
    if (listAt < at) continue;
    ordered.splice(at, 1);
    ordered.splice(ordered.indexOf(list) + 1, 0, tool);
  }
  return { tools: ordered, sources: kept };
}

function singular(field: string): string | null {
  return field.endsWith('s') && field.length > 1 ? field.slice(0, -1) : null;
}

/** Keys that may hold the field's value: itself, its singular, and `id` for an ..id field. */
function keysFor(field: string): string[] {
  const keys = [field];
  const one = singular(field);
  if (one !== null) keys.push(one);
  if (/id$/i.test(one ?? field) && !/^ids?$/i.test(field)) keys.push('id');
  return keys;
}

function fromStructured(value: unknown, field: string): unknown {
  const keys = keysFor(field);
  if (isRecord(value)) {
    for (const key of keys) if (value[key] !== undefined && value[key] !== null) return value[key];
    for (const item of Object.values(value))
      if (Array.isArray(item)) {
        const found = fromStructured(item, field);
        if (found !== undefined) return found;
      }
    return undefined;
  }
  if (Array.isArray(value) && isRecord(value[0])) {
    const first = value[0];
    // A listed element's `name` names it when it has no id (an ..Id field only, never the listing's own name).
    const elementKeys = keys.includes('id') ? [...keys, 'name'] : keys;
    for (const key of elementKeys) if (first[key] !== undefined && first[key] !== null) return first[key];
  }
  return undefined;
}

function numeric(schema: unknown): boolean {
  return isRecord(schema) && (schema.type === 'integer' || schema.type === 'number');
}

function fromText(text: string, field: string, schema: unknown): unknown {
  const trimmed = text.trim();
  if (/^[[{]/.test(trimmed))
    try {
      const found = fromStructured(JSON.parse(trimmed), field);
      if (found !== undefined) return found;
    } catch {
      // Not JSON: the patterns below.
    }
  const itemSchema = isRecord(schema) && schema.type === 'array' ? schema.items : schema;
  for (const key of keysFor(field)) {
    const match = new RegExp(`(?<![\\w-])${escapeRegExp(key)}\\s*[=:]\\s*"?([\\w.:/@-]+)`, 'i').exec(text);
    if (match?.[1] !== undefined) return match[1];
  }
  if (!numeric(itemSchema)) return undefined;
  const hash = /(?<![\w&])#(\d+)\b/.exec(text);
  if (hash?.[1] !== undefined) return hash[1];
  const numbered = /^\s*(\d+)\.\s+\S/m.exec(text);
  return /^(?:index|idx|number)$/i.test(field) && numbered?.[1] !== undefined ? numbered[1] : undefined;
}

function coerced(value: unknown, schema: unknown): unknown {
  const type = isRecord(schema) ? schema.type : undefined;
  if (type === 'array') {
    const items = (Array.isArray(value) ? value : [value])
      .slice(0, 1)
      .map((item) => coerced(item, isRecord(schema) ? schema.items : undefined));
    return items.length > 0 && items.every((item) => item !== undefined) ? items : undefined;
  }
  if (Array.isArray(value)) return coerced(value[0], schema);
  if (type === 'integer' || type === 'number') {
    const number = typeof value === 'number' ? value : typeof value === 'string' && value !== '' ? Number(value) : NaN;
    if (!Number.isFinite(number) || (type === 'integer' && !Number.isInteger(number))) return undefined;
    if (isRecord(schema) && typeof schema.minimum === 'number' && number < schema.minimum) return undefined;
    return number;
  }
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && (type === undefined || type === 'string')) return String(value);
  return undefined;
}

function textBlocks(result: unknown): string[] {
  const content = isRecord(result) ? result.content : undefined;
  if (!Array.isArray(content)) return [];
  return content.flatMap((part: unknown) =>
    isRecord(part) && part.type === 'text' && typeof part.text === 'string' ? [part.text] : [],
  );
}

/** The value for `field` (of type `schema`) read from a listing call's result, or undefined. */
export function reusedValue(result: unknown, field: string, schema: unknown): unknown {
  if (!isRecord(result) || result.isError === true) return undefined;
  const structured = fromStructured(result.structuredContent, field);
  if (structured !== undefined) {
    const value = coerced(structured, schema);
    if (value !== undefined) return value;
  }
  for (const text of textBlocks(result)) {
    const found = fromText(text, field, schema);
    const value = found === undefined ? undefined : coerced(found, schema);
    if (value !== undefined) return value;
  }
  return undefined;
}

/** `args` with each id field filled from the listing call's `result` where a safe value is found; the fields filled. */
export function withReused(
  args: Record<string, unknown>,
  result: unknown,
  reuse: Pick<ReuseSource, 'fields' | 'schema'>,
  targets: SteerTargets,
): { args: Record<string, unknown>; filled: string[] } {
  const filled: string[] = [];
  const next = { ...args };
  for (const field of reuse.fields) {
    const value = reusedValue(result, field, property(reuse.schema, field));
    if (value === undefined || !reusable(field, value, targets)) continue;
    next[field] = value;
    filled.push(field);
  }
  return { args: next, filled };
}
