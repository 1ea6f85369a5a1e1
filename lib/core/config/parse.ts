/**
 * Reads one client configuration file's text into server entries, keeping the file and line of
 * each, in the format its client reads (documents per format; comments only where the client allows
 * them). One bad entry never loses the file: it becomes an `entry-rejected` finding and the rest is read.
 */
import type { ConfigDocument } from './config-document';
import { CLIENTS, type ClientId } from './clients';
import type { ConfigFormat, EntryRead } from './client-definition';
import { entryId, type ConfigEntry, type Scope } from './entry';
import { isRecord } from '../is-record';
import { fileFinding, type ConfigFinding } from './findings';
import { jsonDocument } from './json-document';
import { tomlDocument } from './toml-document';
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

/** Reads an entry the way its client does, or says why the client would reject it. */
export function readEntry(client: ClientId, value: unknown): EntryRead {
  return CLIENTS[client].readEntry(value);
}

const DOCUMENTS: Record<ConfigFormat, (text: string) => ConfigDocument> = {
  json: (text) => jsonDocument(text, false),
  jsonc: (text) => jsonDocument(text, true),
  toml: tomlDocument,
};

const FORMAT_NOTE: Record<ConfigFormat, (label: string) => string> = {
  json: (label) => `; ${label} reads strict JSON, without comments or trailing commas`,
  jsonc: () => '',
  toml: (label) => `; ${label} reads TOML`,
};

function readInputs(root: Readonly<Record<string, unknown>>): InputDefinition[] {
  const value = root.inputs;
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

/** The file as a document; a reader that runs out of stack on a hostile file (deep TOML) says so as an error. */
function readDocument(format: ConfigFormat, text: string): ConfigDocument {
  try {
    return DOCUMENTS[format](text);
  } catch (error) {
    if (!(error instanceof RangeError)) throw error;
    return {
      root: null,
      rootType: 'nothing',
      error: { message: `The file is nested too deeply to read (${error.message})`, line: 1, more: 0, limit: true },
      at: () => undefined,
    };
  }
}

/** Parses one file. Never throws: a file that cannot be read as its client expects is a finding. */
export function parseConfigFile(source: ConfigSource): ParsedConfig {
  const { client, file, text } = source;
  const definition = CLIENTS[client];
  const document = readDocument(definition.format, text);
  const findings: ConfigFinding[] = [];
  const entries: ConfigEntry[] = [];
  const { error, root } = document;
  if (error !== null) {
    findings.push(
      fileFinding(
        'config-unreadable',
        `${error.message} at line ${error.line}${error.more > 0 ? ` (and ${error.more} more)` : ''}${error.limit === true ? '' : FORMAT_NOTE[definition.format](definition.label)}.`,
        { client, file, line: error.line },
      ),
    );
  }
  if (root === null) {
    if (error === null)
      findings.push(
        fileFinding('config-unreadable', `The file holds ${document.rootType}, not a JSON object.`, {
          client,
          file,
          line: 1,
        }),
      );
    return { client, file, entries, findings };
  }
  const inputs = readInputs(root);
  for (const at of definition.serversAt(root)) {
    const node = document.at(at.path);
    if (node === undefined) continue;
    if (node.kind !== 'object') {
      findings.push(
        fileFinding('config-unreadable', `${at.path.join('.')} is ${node.type}, not an object of servers.`, {
          client,
          file,
          line: node.line,
        }),
      );
      continue;
    }
    const scope = at.scope ?? source.scope;
    const project = at.project === undefined ? source.project : at.project;
    for (const member of node.members) {
      const { name, line } = member;
      const id = entryId(client, file, line, name);
      const read = definition.readEntry(member.value);
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
  }
  return { client, file, entries, findings };
}
