/**
 * `--server-json FILE`: the server.json to compare with the audit (lib/server/declared/). Read once,
 * before anything starts: a missing, oversized or non-JSON file is a usage error (exit 2); a JSON
 * document the registry schema refuses is a finding, not an error.
 */
import { readFileSync, statSync } from 'node:fs';
import type { GivenServerJson } from '../server/declared/declared-check';
import { AuditError } from '../server/errors';

const MAX_SERVER_JSON_BYTES = 1024 * 1024;

export function readServerJsonOption(path: string | undefined): GivenServerJson | undefined {
  if (path === undefined) return undefined;
  const fail = (why: string): AuditError =>
    new AuditError('bad-input', `--server-json ${path}: ${why}`, {
      hint: 'Give the path of a server.json file (the MCP registry format).',
    });
  let text: string;
  try {
    if (statSync(path).size > MAX_SERVER_JSON_BYTES) throw fail('larger than 1 MiB');
    text = readFileSync(path, 'utf8');
  } catch (error) {
    if (error instanceof AuditError) throw error;
    throw fail('cannot be read');
  }
  try {
    return { location: path, document: JSON.parse(text) as unknown };
  } catch {
    throw fail('is not JSON');
  }
}
