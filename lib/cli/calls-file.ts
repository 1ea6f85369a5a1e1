/**
 * `--calls FILE` (issue 23): the arguments to call each tool with, {"tool": {arguments}} or
 * {"tool": [{arguments}, ...]}. Read and checked when the arguments are parsed, before anything
 * starts: a missing, oversized or malformed file is a usage error (exit 2), not a crash after the
 * audit. Whether each name is one the server lists can only be checked after the listing
 * (lib/cli/exercise-command.ts).
 */
import { readFileSync, statSync } from 'node:fs';
import { isRecord } from '../core/is-record';
import { usageError } from './args-problem';
import { terminalSafe } from './print/terminal';

export type CallsGiven = Record<string, Record<string, unknown>[]>;

const MAX_CALLS_BYTES = 1024 * 1024;
const SHAPE = '{"tool": {"argument": "value"}} or {"tool": [{...}, {...}]}';

export function readCallsFile(file: string): CallsGiven {
  const shown = terminalSafe(file, 120);
  const fail = (why: string) => usageError(`--calls ${shown}: ${why}`, `Give a JSON file of the form ${SHAPE}.`);
  let text: string;
  try {
    if (statSync(file).size > MAX_CALLS_BYTES) throw fail('larger than 1 MiB.');
    text = readFileSync(file, 'utf8');
  } catch (error) {
    if (!(error instanceof Error) || !('code' in error) || typeof error.code !== 'string') throw error;
    throw fail(error.code === 'ENOENT' ? 'no such file.' : `cannot be read (${terminalSafe(error.code, 40)}).`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw fail(`not JSON (${terminalSafe(error instanceof Error ? error.message : 'unreadable', 160)}).`);
  }
  if (!isRecord(json)) throw fail('the file must hold an object of tool names.');
  const given: CallsGiven = {};
  for (const [name, value] of Object.entries(json)) {
    const entries: unknown[] = Array.isArray(value) ? value : [value];
    if (entries.length === 0 || !entries.every(isRecord))
      throw fail(`the arguments for "${terminalSafe(name, 80)}" must be an object or a list of objects.`);
    given[name] = entries;
  }
  return given;
}
