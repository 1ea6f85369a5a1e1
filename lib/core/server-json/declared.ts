/**
 * What a server.json or a server card says, read leniently (a document the schema refuses is still
 * compared where it can be): its name and version, every way to run or reach it (a package's
 * transport with its environment variables, a remote with its headers), its packages, and the tools a
 * card lists (server cards of SEP-2127's drafts; the registry's server.json has no tools).
 */
import { isRecord } from '../is-record';

export interface DeclaredVariable {
  name: string;
  required: boolean;
  secret: boolean;
}

export interface DeclaredTransport {
  /** A package (run locally) or a remote (hosted). */
  where: 'package' | 'remote';
  type: string;
  /** The URL template of an HTTP transport, else null. */
  url: string | null;
  /** A package's environment variables, or a remote's headers. */
  variables: DeclaredVariable[];
}

export interface DeclaredPackage {
  registryType: string;
  identifier: string;
}

export interface Declared {
  name: string | null;
  version: string | null;
  transports: DeclaredTransport[];
  packages: DeclaredPackage[];
  /** The tool names a card lists; null when it lists none (server.json never does). */
  tools: string[] | null;
}

const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);
const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);

function variablesOf(entries: unknown): DeclaredVariable[] {
  return list(entries).flatMap((entry) => {
    if (!isRecord(entry) || typeof entry.name !== 'string') return [];
    return [{ name: entry.name, required: entry.isRequired === true, secret: entry.isSecret === true }];
  });
}

function toolsOf(value: unknown): string[] | null {
  if (!Array.isArray(value)) return null;
  const names = value.flatMap((tool) => {
    if (typeof tool === 'string') return [tool];
    return isRecord(tool) && typeof tool.name === 'string' ? [tool.name] : [];
  });
  return names.length === 0 ? null : names;
}

/** The comparable parts of a server.json or a card; whatever is malformed is left out. */
export function readDeclared(document: unknown): Declared {
  const root = isRecord(document) ? document : {};
  const transports: DeclaredTransport[] = [];
  const packages: DeclaredPackage[] = [];
  for (const entry of list(root.packages)) {
    if (!isRecord(entry)) continue;
    const identifier = text(entry.identifier);
    if (identifier !== null) packages.push({ registryType: text(entry.registryType) ?? '', identifier });
    const transport = isRecord(entry.transport) ? entry.transport : {};
    transports.push({
      where: 'package',
      type: text(transport.type) ?? '',
      url: text(transport.url),
      variables: [...variablesOf(entry.environmentVariables), ...variablesOf(transport.headers)],
    });
  }
  for (const entry of list(root.remotes)) {
    if (!isRecord(entry)) continue;
    transports.push({
      where: 'remote',
      type: text(entry.type) ?? '',
      url: text(entry.url),
      variables: variablesOf(entry.headers),
    });
  }
  return { name: text(root.name), version: text(root.version), transports, packages, tools: toolsOf(root.tools) };
}

/**
 * Whether a URL template ("https://{tenant}.example.com/mcp") matches a URL: each {variable} stands
 * for one or more characters other than "/", everything else must be equal. A trailing slash and the
 * query are ignored on both sides.
 */
export function urlMatchesTemplate(template: string, url: string): boolean {
  const trim = (value: string): string => value.split(/[?#]/)[0]?.replace(/\/+$/, '') ?? '';
  const parts = trim(template).split(/\{[^}]*\}/);
  const pattern = parts.map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('[^/]+');
  try {
    return new RegExp(`^${pattern}$`, 'i').test(trim(url));
  } catch {
    return false;
  }
}
