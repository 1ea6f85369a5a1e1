/**
 * Finds and reads MCP client configuration files (never writes them): the per-OS locations each
 * client documents, for an injected platform, HOME, project folder and environment, plus any file
 * given with --config. A file that is missing is skipped; one that cannot be read is a finding.
 */
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import type { ClientLocation, ClientPlace } from '../../core/config/client-definition';
import { CLIENT_IDS, CLIENTS, type ClientId } from '../../core/config/clients';
import { fileFinding } from '../../core/config/findings';
import { guessClient } from '../../core/config/guess';
import { parseConfigFile, type ParsedConfig } from '../../core/config/parse';

export interface DiscoveryPlace extends ClientPlace {
  platform: NodeJS.Platform;
}

export interface Candidate extends ClientLocation {
  client: ClientId;
}

/** Files larger than this are not read (no client configuration is anywhere near it). */
export const MAX_CONFIG_BYTES = 5 * 1024 * 1024;

/** Every location where a client keeps MCP servers, for one platform (each client's definition says where). */
export function candidateFiles(place: DiscoveryPlace, clients: readonly ClientId[] = CLIENT_IDS): Candidate[] {
  return CLIENT_IDS.filter((client) => clients.includes(client)).flatMap((client) =>
    CLIENTS[client].locations(place).map((location) => ({ client, ...location })),
  );
}

type ReadResult = { kind: 'text'; text: string } | { kind: 'missing' } | { kind: 'error'; message: string };

async function readConfig(file: string): Promise<ReadResult> {
  try {
    const info = await stat(file);
    if (!info.isFile()) return { kind: 'error', message: 'it is not a regular file' };
    if (info.size > MAX_CONFIG_BYTES) return { kind: 'error', message: `it is larger than ${MAX_CONFIG_BYTES} bytes` };
    return { kind: 'text', text: await readFile(file, 'utf8') };
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return { kind: 'missing' };
    return { kind: 'error', message: code === 'EACCES' ? 'permission denied' : (error as Error).message };
  }
}

export interface Discovery {
  configs: ParsedConfig[];
  /** Explicit --config files that do not exist. */
  missing: string[];
  /** Every location looked at, found or not (for "where did you look?"). */
  searched: Candidate[];
}

function readFailed(candidate: Candidate, message: string): ParsedConfig {
  return {
    client: candidate.client,
    file: candidate.file,
    entries: [],
    findings: [
      fileFinding('config-unreadable', `The file could not be read: ${message}.`, {
        client: candidate.client,
        file: candidate.file,
        line: 1,
      }),
    ],
  };
}

/**
 * Reads the clients' files (all clients unless `clients` narrows them) and the explicit files.
 * `clients: []` with explicit files reads only those.
 */
export async function discoverConfigs(
  place: DiscoveryPlace,
  options: { clients?: readonly ClientId[]; files?: readonly string[] } = {},
): Promise<Discovery> {
  const searched = candidateFiles(place, options.clients ?? CLIENT_IDS);
  const explicit = (options.files ?? []).map((file) => path.resolve(file));
  const seen = new Set<string>();
  const configs: ParsedConfig[] = [];
  const missing: string[] = [];
  for (const candidate of searched) {
    if (seen.has(candidate.file)) continue;
    seen.add(candidate.file);
    const read = await readConfig(candidate.file);
    if (read.kind === 'missing') continue;
    configs.push(
      read.kind === 'error' ? readFailed(candidate, read.message) : parseConfigFile({ ...candidate, text: read.text }),
    );
  }
  for (const file of explicit) {
    if (seen.has(file)) continue;
    seen.add(file);
    const read = await readConfig(file);
    if (read.kind === 'missing') {
      missing.push(file);
      continue;
    }
    const client = read.kind === 'text' ? guessClient(file, read.text) : 'file';
    const candidate: Candidate = { client, file, scope: 'file', project: null };
    configs.push(
      read.kind === 'error' ? readFailed(candidate, read.message) : parseConfigFile({ ...candidate, text: read.text }),
    );
  }
  return { configs, missing, searched };
}

/** The place of the running process. */
export function currentPlace(
  env: Readonly<Record<string, string | undefined>>,
  projectDir: string | null,
): DiscoveryPlace {
  return { platform: process.platform, home: env.HOME ?? env.USERPROFILE ?? '', projectDir, env };
}
