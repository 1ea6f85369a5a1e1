/**
 * Reads one client configuration file's text into server entries, keeping the file and line of
 * each (jsonc-parser's tree gives offsets). JSON with comments only where the client allows it.
 * One bad entry never loses the file: it becomes an `entry-rejected` finding and the rest is read.
 */
import {
  findNodeAtLocation,
  getNodeValue,
  parseTree,
  printParseErrorCode,
  type Node,
  type ParseError,
} from 'jsonc-parser/lib/esm/main.js'; // The ESM build: the package's main (UMD) requires files at run time, which a bundle cannot follow.
import { CLIENTS, type ClientId } from './clients';
import { entryId, type ConfigEntry, type EntryTransport, type Scope } from './entry';
import { fileFinding, type ConfigFinding } from './findings';
import type { InputDefinition } from './variables';

export interface ParsedConfig {
  client: ClientId;
  file: string;
  entries: ConfigEntry[];
  findings: ConfigFinding[];
}

export interface ConfigSource {
  client: ClientId;
  file: string;
  text: string;
  /** user (a home file), project (a project's file), managed; Claude Code per-project entries are local. */
  scope: Scope;
  /** The project a project file belongs to. */
  project: string | null;
}

/** 1-based line of an offset. */
export function lineAt(text: string, offset: number): number {
  let line = 1;
  for (let i = 0; i < offset && i < text.length; i++) if (text.charCodeAt(i) === 10) line++;
  return line;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function kindOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}

type Shape = Pick<
  ConfigEntry,
  'transport' | 'command' | 'args' | 'cwd' | 'env' | 'url' | 'headers' | 'envFile' | 'disabled'
>;

/** Reads an entry the way its client does, or says why the client would reject it. */
export function readEntry(client: ClientId, value: unknown): { shape: Shape } | { rejected: string } {
  if (!isRecord(value)) return { rejected: `the entry is ${kindOf(value)}, not an object` };
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
  const command = str('command');
  const argsRaw = value.args;
  let args: string[] = [];
  if (argsRaw !== undefined && argsRaw !== null) {
    if (!Array.isArray(argsRaw)) problems.push(`args is ${kindOf(argsRaw)}, not an array`);
    else if (argsRaw.some((arg) => typeof arg !== 'string')) problems.push('args holds a value that is not a string');
    else args = argsRaw as string[];
  }
  const env = record('env');
  const headers = record('headers');
  const cwd = str('cwd');
  const envFile = str('envFile');
  const type = str('type');
  const disabled = value.disabled === true;

  let url: string | null = null;
  let transport: EntryTransport = 'stdio';
  switch (client) {
    case 'claude-desktop':
      if (command === null && value.url !== undefined)
        problems.push(
          'Claude Desktop starts only local commands from this file (remote servers are added as connectors)',
        );
      break;
    case 'claude-code':
    case 'vscode': {
      url = str('url');
      const allowed = ['stdio', 'http', 'sse', ...(client === 'claude-code' ? ['streamable-http'] : [])];
      if (type === null) {
        if (client === 'vscode') problems.push('type is missing (stdio, http or sse)');
        else if (command === null && url !== null) problems.push('a url entry needs type "http" or "sse"');
      } else if (!allowed.includes(type)) problems.push(`type "${type}" is not one of ${allowed.join(', ')}`);
      if (type === 'http' || type === 'streamable-http') transport = 'streamable-http';
      else if (type === 'sse') transport = 'sse';
      break;
    }
    case 'cursor':
      url = str('url');
      transport = url !== null && command === null ? 'auto' : 'stdio';
      if (type === 'sse') transport = 'sse';
      else if (type === 'http' || type === 'streamable-http') transport = 'streamable-http';
      break;
    case 'windsurf':
      url = str('serverUrl') ?? str('url');
      transport = url !== null && command === null ? 'auto' : 'stdio';
      break;
    case 'gemini': {
      const httpUrl = str('httpUrl');
      const sseUrl = str('url');
      url = httpUrl ?? sseUrl;
      transport = httpUrl !== null ? 'streamable-http' : sseUrl !== null ? 'sse' : 'stdio';
      if (command !== null && url !== null)
        problems.push('gives both command and a URL; the client uses one transport');
      break;
    }
    case 'file': {
      url = str('url') ?? str('serverUrl') ?? str('httpUrl');
      transport = url !== null && command === null ? 'auto' : 'stdio';
      if (type === 'http' || type === 'streamable-http') transport = 'streamable-http';
      else if (type === 'sse') transport = 'sse';
      break;
    }
  }
  if (transport === 'stdio') {
    if (command === null) {
      if (!problems.some((p) => p.startsWith('command')))
        problems.push(url === null ? 'command is missing' : 'command is missing for a stdio entry');
    } else if (command.trim() === '') problems.push('command is empty');
  } else if (url === null) problems.push('url is missing');
  if (problems.length > 0) return { rejected: problems.join('; ') };
  return {
    shape: {
      transport,
      command: transport === 'stdio' ? command : null,
      args: transport === 'stdio' ? args : [],
      cwd,
      env: transport === 'stdio' ? env : {},
      url: transport === 'stdio' ? null : url,
      headers: transport === 'stdio' ? {} : headers,
      envFile,
      disabled,
    },
  };
}

function readInputs(root: Node | undefined): InputDefinition[] {
  const node = root === undefined ? undefined : findNodeAtLocation(root, ['inputs']);
  const value: unknown = node === undefined ? undefined : getNodeValue(node);
  if (!Array.isArray(value)) return [];
  return value.filter(isRecord).flatMap((input): InputDefinition[] =>
    typeof input.id === 'string'
      ? [
          {
            id: input.id,
            description: typeof input.description === 'string' ? input.description : null,
            password: input.password === true,
          },
        ]
      : [],
  );
}

/** Parses one file. Never throws: a file that cannot be read as its client expects is a finding. */
export function parseConfigFile(source: ConfigSource): ParsedConfig {
  const { client, file, text } = source;
  const definition = CLIENTS[client];
  const errors: ParseError[] = [];
  const root = parseTree(text, errors, { allowTrailingComma: definition.jsonc, disallowComments: !definition.jsonc });
  const findings: ConfigFinding[] = [];
  const entries: ConfigEntry[] = [];
  const firstError = errors[0];
  if (firstError !== undefined) {
    findings.push(
      fileFinding(
        'config-unreadable',
        `${printParseErrorCode(firstError.error)} at line ${lineAt(text, firstError.offset)}${errors.length > 1 ? ` (and ${errors.length - 1} more)` : ''}${definition.jsonc ? '' : `; ${definition.label} reads strict JSON, without comments or trailing commas`}.`,
        { client, file, line: lineAt(text, firstError.offset) },
      ),
    );
  }
  if (root?.type !== 'object') {
    if (firstError === undefined) {
      findings.push(
        fileFinding(
          'config-unreadable',
          `The file holds ${root === undefined ? 'nothing' : root.type}, not a JSON object.`,
          {
            client,
            file,
            line: 1,
          },
        ),
      );
    }
    return { client, file, entries, findings };
  }
  const inputs = readInputs(root);

  const readServers = (path: (string | number)[], scope: Scope, project: string | null): void => {
    const node = findNodeAtLocation(root, path);
    if (node === undefined) return;
    if (node.type !== 'object') {
      findings.push(
        fileFinding('config-unreadable', `${path.join('.')} is ${node.type}, not an object of servers.`, {
          client,
          file,
          line: lineAt(text, node.offset),
        }),
      );
      return;
    }
    for (const property of node.children ?? []) {
      const [keyNode, valueNode] = property.children ?? [];
      if (keyNode === undefined) continue;
      const name = String(keyNode.value);
      const line = lineAt(text, keyNode.offset);
      const id = entryId(client, file, line, name);
      const read = readEntry(client, valueNode === undefined ? undefined : getNodeValue(valueNode));
      if ('rejected' in read) {
        findings.push(
          fileFinding('entry-rejected', `"${name}": ${read.rejected}.`, {
            client,
            file,
            line,
            server: name,
            entryId: id,
          }),
        );
        continue;
      }
      entries.push({ id, client, file, line, scope, project, name, ...read.shape, inputs });
    }
  };

  const key = definition.serversKey;
  const hasServers = findNodeAtLocation(root, [key]) !== undefined;
  // A --config file may be in VS Code's shape.
  const fileKey =
    client === 'file' && !hasServers && findNodeAtLocation(root, ['servers']) !== undefined ? 'servers' : key;
  readServers([fileKey], source.scope, source.project);
  if (client === 'claude-code') {
    const projects = findNodeAtLocation(root, ['projects']);
    for (const property of projects?.type === 'object' ? (projects.children ?? []) : []) {
      const projectPath: unknown = property.children?.[0]?.value;
      if (typeof projectPath === 'string') readServers(['projects', projectPath, 'mcpServers'], 'local', projectPath);
    }
  }
  return { client, file, entries, findings };
}
