/**
 * The one table of output formats: every command chooses its format here (chooseFormat) and renders
 * through it (renderAs). A format is one file in this folder (its name, description, file extension
 * and media type, escaping and renderers), listed in FORMATS; the dashboard's downloads take their
 * file names and media types from the same files (components/ui/download.ts). Which
 * formats a command offers follows from the kind of result it writes (COMMAND_KINDS) and the
 * renderers each format has, so --help, the error for a format a command does not write, and the
 * rendering cannot disagree. Light on purpose: args.ts checks --format before the server starts, and
 * renderers load on call (imported statically, they put zod and the report code before the spawn:
 * `--version` on Node 24 took a median 271 ms against 192 ms, 15 alternating runs on a busy machine).
 */
import { AuditError } from '../../server/errors';
import { csv } from './csv';
import type { RenderInputs, RenderKind } from './definition';
import { json } from './json';
import { junit } from './junit';
import { markdown } from './markdown';
import { sarif } from './sarif';
import { text } from './text';

/** Every format, in the order help and error messages list them in. */
export const FORMATS = { text, json, csv, sarif, junit, markdown } as const;

export type OutputFormat = keyof typeof FORMATS;

export const FORMAT_NAMES = Object.keys(FORMATS) as OutputFormat[];

export function isOutputFormat(text: string): text is OutputFormat {
  return Object.hasOwn(FORMATS, text);
}

/** The kind of result each command writes, by the command's name as a user types it. */
export const COMMAND_KINDS = {
  audit: 'audit',
  oauth: 'oauth',
  'contract write': 'contract',
  verify: 'drift',
  'history list': 'historyList',
  'history show': 'audit',
  'history diff': 'drift',
  'history prune': 'housekeeping',
  'history delete': 'housekeeping',
  scan: 'scan',
} as const satisfies Record<string, RenderKind>;

export type FormatCommand = keyof typeof COMMAND_KINDS;

/** The formats a command writes, in FORMAT_NAMES order. */
export function formatsFor(command: FormatCommand): OutputFormat[] {
  const kind = COMMAND_KINDS[command];
  return FORMAT_NAMES.filter((name) => FORMATS[name].render[kind] !== undefined);
}

/** "a, b or c". */
export function orList(items: readonly string[]): string {
  return items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} or ${items.at(-1) ?? ''}`;
}

function formatError(command: FormatCommand, given: string): AuditError {
  const valid = orList(formatsFor(command));
  const message = isOutputFormat(given)
    ? `${command} does not write --format ${given}; it writes ${valid}.`
    : `--format "${given.length > 40 ? `${given.slice(0, 40)}…` : given}" is not a format; ${command} writes ${valid}.`;
  return new AuditError('bad-input', message, {
    hint: command === 'scan' ? 'Run mcp-hintcheck scan --help for usage.' : 'Run mcp-hintcheck --help for usage.',
  });
}

/**
 * The format asked for (--json is --format json), checked against what the command writes: an
 * unknown format or one the command does not write is a usage error listing the valid ones. The
 * default is text, or the command's only format (contract write: json).
 */
export function chooseFormat(
  values: { json?: boolean | undefined; format?: string | undefined },
  command: FormatCommand,
): OutputFormat {
  const valid = formatsFor(command);
  const given = values.json === true ? 'json' : (values.format ?? (valid.includes('text') ? 'text' : valid[0]));
  if (given === undefined || !(valid as readonly string[]).includes(given)) throw formatError(command, given ?? '');
  return given as OutputFormat;
}

/**
 * For the commands that print their own text or JSON (call, doctor): --json and --format json mean the
 * same, --format text is the default, anything else is a usage error naming the two. True for JSON.
 */
export function wantsJson(
  values: { json?: boolean | undefined; format?: string | undefined },
  command: string,
): boolean {
  const given = values.json === true ? 'json' : (values.format ?? 'text');
  if (given === 'json' || given === 'text') return given === 'json';
  throw new AuditError(
    'bad-input',
    `--format "${given.length > 40 ? `${given.slice(0, 40)}…` : given}" is not a format ${command} writes; it writes text or json.`,
    { hint: `Run mcp-hintcheck ${command} --help for usage.` },
  );
}

/** The result rendered in `format`; a format chooseFormat did not offer for this kind is a bug, thrown. */
export async function renderAs<K extends RenderKind>(
  format: OutputFormat,
  kind: K,
  input: RenderInputs[K],
): Promise<string> {
  const renderer = (
    FORMATS[format].render as { [P in RenderKind]?: (input: RenderInputs[P]) => string | Promise<string> }
  )[kind];
  if (renderer === undefined) throw new Error(`The ${format} format has no ${kind} renderer.`);
  return renderer(input);
}
