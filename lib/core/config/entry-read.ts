/**
 * The parts every client's entry reader shares: typed field access that collects what is wrong
 * (`fields`), and the last step that checks the transport has what it needs and builds the common
 * entry shape (`finishEntry`).
 */
import type { ConfigEntry } from './entry';
import { isRecord } from '../is-record';

export type EntryShape = Pick<
  ConfigEntry,
  'transport' | 'command' | 'args' | 'cwd' | 'env' | 'url' | 'headers' | 'envFile' | 'disabled' | 'fromEnvironment'
>;

export function kindOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}

export interface Fields {
  value: Record<string, unknown>;
  problems: string[];
  str: (key: string) => string | null;
  record: (key: string) => Record<string, string>;
  strings: (key: string) => string[];
}

/** Field access on an entry object; a field of the wrong type becomes a problem. */
export function fields(value: Record<string, unknown>): Fields {
  const problems: string[] = [];
  const str = (key: string): string | null => {
    const v = value[key];
    if (v === undefined || v === null) return null;
    if (typeof v !== 'string') {
      problems.push(`${key} is ${kindOf(v)}, not a string`);
      return null;
    }
    return v;
  };
  const record = (key: string): Record<string, string> => {
    const v = value[key];
    if (v === undefined || v === null) return {};
    if (!isRecord(v)) {
      problems.push(`${key} is ${kindOf(v)}, not an object`);
      return {};
    }
    const out: Record<string, string> = {};
    for (const [name, item] of Object.entries(v)) {
      if (typeof item === 'string') out[name] = item;
      else problems.push(`${key}.${name} is ${kindOf(item)}, not a string`);
    }
    return out;
  };
  const strings = (key: string): string[] => {
    const v = value[key];
    if (v === undefined || v === null) return [];
    if (!Array.isArray(v)) problems.push(`${key} is ${kindOf(v)}, not an array`);
    else if (v.some((item) => typeof item !== 'string')) problems.push(`${key} holds a value that is not a string`);
    else return v as string[];
    return [];
  };
  return { value, problems, str, record, strings };
}

/** What a client's reader takes from an entry: the launch or connection parts of a ConfigEntry. */
export type EntryParts = Pick<
  ConfigEntry,
  'transport' | 'command' | 'args' | 'cwd' | 'env' | 'url' | 'headers' | 'envFile' | 'disabled' | 'fromEnvironment'
>;

/** Checks the transport has what it needs; keeps only the fields that transport uses. */
export function finishEntry(parts: EntryParts, problems: string[]): { shape: EntryShape } | { rejected: string } {
  const { transport, command, url } = parts;
  if (transport === 'stdio') {
    if (command === null) {
      if (!problems.some((p) => p.startsWith('command')))
        problems.push(url === null ? 'command is missing' : 'command is missing for a stdio entry');
    } else if (command.trim() === '') problems.push('command is empty');
  } else if (url === null) problems.push('url is missing');
  if (problems.length > 0) return { rejected: problems.join('; ') };
  const stdio = transport === 'stdio';
  return {
    shape: {
      transport,
      command: stdio ? command : null,
      args: stdio ? parts.args : [],
      cwd: parts.cwd,
      env: stdio ? parts.env : {},
      url: stdio ? null : url,
      headers: stdio ? {} : parts.headers,
      envFile: parts.envFile,
      disabled: parts.disabled,
      ...(parts.fromEnvironment === undefined
        ? {}
        : { fromEnvironment: parts.fromEnvironment.filter((value) => (value.into === 'env') === stdio) }),
    },
  };
}

/** The fields most clients share: command, args, env, headers, cwd, envFile, type, disabled. */
export function commonParts(f: Fields): EntryParts & { type: string | null } {
  return {
    transport: 'stdio',
    command: f.str('command'),
    args: f.strings('args'),
    env: f.record('env'),
    headers: f.record('headers'),
    cwd: f.str('cwd'),
    envFile: f.str('envFile'),
    type: f.str('type'),
    url: null,
    disabled: f.value.disabled === true,
  };
}

/** Reads an entry: not an object is rejected; otherwise `read` maps its fields. */
export function readObject(
  value: unknown,
  read: (f: Fields) => EntryParts,
): { shape: EntryShape } | { rejected: string } {
  if (!isRecord(value)) return { rejected: `the entry is ${kindOf(value)}, not an object` };
  const f = fields(value);
  const parts = read(f);
  return finishEntry(parts, f.problems);
}
