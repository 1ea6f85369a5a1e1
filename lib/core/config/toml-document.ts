/**
 * A TOML configuration file (Codex's config.toml) as a ConfigDocument: parsed with smol-toml, and
 * the line of each server found from its table header (`[mcp_servers.name]`), or from its key under
 * the parent table (`name = { ... }`, `name.command = ...`).
 */
import { parse, TomlError } from 'smol-toml';
import type { ConfigDocument, DocumentNode } from './config-document';
import { kindOf } from './entry-read';
import { isRecord } from '../is-record';

const escape = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A key as TOML may write it: bare, "basic" or 'literal'. */
function keyPattern(key: string): string {
  const forms = [`"${escape(JSON.stringify(key).slice(1, -1))}"`, `'${escape(key)}'`];
  if (/^[A-Za-z0-9_-]+$/.test(key)) forms.push(escape(key));
  return `(?:${forms.join('|')})`;
}

function lineOf(lines: readonly string[], pattern: RegExp, from = 0): number | null {
  for (let i = from; i < lines.length; i++) if (pattern.test(lines[i] ?? '')) return i + 1;
  return null;
}

function headerPattern(path: readonly string[], open: boolean): RegExp {
  const keys = path.map(keyPattern).join('\\s*\\.\\s*');
  return new RegExp(`^\\s*\\[\\s*${keys}\\s*${open ? '(?:\\]|\\.)' : '\\]'}`);
}

function valueAt(root: Record<string, unknown>, path: readonly string[]): unknown {
  let value: unknown = root;
  for (const key of path) value = isRecord(value) ? value[key] : undefined;
  return value;
}

export function tomlDocument(text: string): ConfigDocument {
  let root: Record<string, unknown>;
  try {
    root = parse(text);
  } catch (error) {
    const line = error instanceof TomlError ? error.line : 1;
    const message = error instanceof Error ? (error.message.split('\n')[0] ?? 'Invalid TOML') : 'Invalid TOML';
    return { root: null, rootType: 'nothing', error: { message, line, more: 0 }, at: () => undefined };
  }
  const lines = text.split('\n');
  const at = (path: readonly string[]): DocumentNode | undefined => {
    const value = valueAt(root, path);
    if (value === undefined) return undefined;
    const own = lineOf(lines, headerPattern(path, true)) ?? 1;
    if (!isRecord(value)) return { kind: 'other', line: own, type: kindOf(value) };
    const parent = lineOf(lines, headerPattern(path, false));
    return {
      kind: 'object',
      line: own,
      members: Object.entries(value).map(([name, member]) => ({
        name,
        value: member,
        line:
          lineOf(lines, headerPattern([...path, name], true)) ??
          lineOf(lines, new RegExp(`^\\s*${keyPattern(name)}\\s*[.=]`), parent ?? 0) ??
          own,
      })),
    };
  };
  return { root, rootType: 'table', error: null, at };
}
