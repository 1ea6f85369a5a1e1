/**
 * --capabilities host|none|FILE and --root DIR: which client capabilities the audit declares, and
 * the folders offered when the server asks for roots. A FILE holds a JSON capabilities object (as a
 * client sends it in initialize); it is read here and checked (by hand: the CLI loads no zod before
 * the server starts), and a bad one is a usage error that says what is wrong.
 */
import { readFileSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import type { CapabilityChoice, ClientCapabilitiesDeclared } from '../core/capabilities/declared';
import { AuditError } from '../server/errors';
import { isRecord } from '../core/is-record';

/** As args.ts's usageError (not imported from there: args.ts imports this file). */
const usageError = (message: string): AuditError =>
  new AuditError('bad-input', message, { hint: 'Run mcp-hintcheck --help for usage.' });

const EXAMPLE = '{"roots":{"listChanged":true},"sampling":{},"elicitation":{"form":{},"url":{}}}';

export function parseCapabilitiesOption(text: string | undefined): CapabilityChoice {
  if (text === undefined || text === 'host') return { mode: 'host' };
  if (text === 'none') return { mode: 'none' };
  if (text === '') throw usageError('--capabilities takes host, none, or a JSON file.');
  let raw: string;
  try {
    raw = readFileSync(text, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'unreadable';
    throw usageError(
      `--capabilities ${JSON.stringify(text.slice(0, 200))} is not host, none, or a readable file (${code}).`,
    );
  }
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    throw usageError(`--capabilities ${JSON.stringify(text.slice(0, 200))}: not JSON. Example: ${EXAMPLE}`);
  }
  const problem = capabilitiesProblem(json);
  if (problem !== null)
    throw usageError(
      `--capabilities ${JSON.stringify(text.slice(0, 200))}: not a capabilities object (${problem}). Example: ${EXAMPLE}`,
    );
  return { mode: 'file', file: text, capabilities: json as ClientCapabilitiesDeclared };
}

/** What is wrong with a capabilities object (the shape of clientCapabilitiesSchema), or null. */
function capabilitiesProblem(json: unknown): string | null {
  if (!isRecord(json)) return 'the file holds no JSON object';
  for (const [key, value] of Object.entries(json)) {
    if (!isRecord(value)) return `${key} must be an object`;
    if (key === 'experimental' || key === 'extensions') {
      const bad = Object.keys(value).find((name) => !isRecord(value[name]));
      if (bad !== undefined) return `${key}.${bad} must be an object`;
    }
  }
  const listChanged = isRecord(json.roots) ? json.roots.listChanged : undefined;
  if (listChanged !== undefined && typeof listChanged !== 'boolean') return 'roots.listChanged must be true or false';
  return null;
}

/** --root DIR (repeatable): existing folders, made absolute. */
export function parseRoots(dirs: readonly string[] | undefined): string[] {
  return (dirs ?? []).map((dir) => {
    const absolute = resolve(dir);
    let isDirectory = false;
    try {
      isDirectory = statSync(absolute).isDirectory();
    } catch {
      isDirectory = false;
    }
    if (!isDirectory) throw usageError(`--root ${JSON.stringify(dir.slice(0, 200))} is not an existing folder.`);
    return absolute;
  });
}
