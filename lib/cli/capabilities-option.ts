/**
 * --capabilities host|none|FILE and --root DIR: which client capabilities the audit declares, and
 * the folders offered when the server asks for roots. A FILE holds a JSON capabilities object (as a
 * client sends it in initialize); it is read here, then checked against clientCapabilitiesSchema by
 * checkCapabilitiesFile before anything starts (zod is loaded for a FILE only: the CLI's start path
 * stays without it). A bad one is a usage error that says what is wrong.
 */
import { readFileSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import type { CapabilityChoice, ClientCapabilitiesDeclared } from '../core/capabilities/declared';
import { AuditError } from '../server/errors';

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
  return { mode: 'file', file: text, capabilities: json as ClientCapabilitiesDeclared };
}

/** A FILE's capabilities against clientCapabilitiesSchema: the first problem is a usage error. */
export async function checkCapabilitiesFile(choice: CapabilityChoice): Promise<void> {
  if (choice.mode !== 'file') return;
  const { clientCapabilitiesSchema } = await import('../core/capabilities/declared');
  const issue = clientCapabilitiesSchema.safeParse(choice.capabilities).error?.issues[0];
  if (issue === undefined) return;
  const where = issue.path.length === 0 ? 'the file' : issue.path.join('.');
  throw usageError(
    `--capabilities ${JSON.stringify(choice.file.slice(0, 200))}: not a capabilities object (${where}: ${issue.message}). Example: ${EXAMPLE}`,
  );
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
