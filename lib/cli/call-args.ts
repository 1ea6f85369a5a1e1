/**
 * The arguments of `mcp-hintcheck call` (issue 37): what to call (--tool NAME, --resource URI or
 * --prompt NAME, exactly one; --args JSON for a tool's or a prompt's arguments), how to answer the
 * server's requests (--answer-elicitation JSON accepts with those values, --answer-sampling TEXT
 * answers with that text; without them elicitation is declined and sampling refused), --json, and
 * the local server after -- (or --demo), with --env, --cwd and --connect-timeout (the sandboxed start). Errors are usage errors in the CLI's
 * words (args-problem.ts).
 */
import { parseArgs } from 'node:util';
import type { AuditTargetSpec } from '../server/target-spec';
import { argsProblem, usageError } from './args-problem';
import { parseTarget, positiveInt } from './args';
import { wantsJson } from './formats/registry';
import { terminalSafe } from './print/terminal';

export type CallWhat =
  | { method: 'tools/call'; name: string; arguments: Record<string, unknown> }
  | { method: 'resources/read'; uri: string }
  | { method: 'prompts/get'; name: string; arguments: Record<string, string> };

export interface CallCommand {
  kind: 'call';
  what: CallWhat;
  target: Extract<AuditTargetSpec, { transport: 'stdio' }>;
  json: boolean;
  /** --answer-elicitation: the values to accept with, or null (declined). */
  elicitation: Record<string, string | number | boolean | string[]> | null;
  /** --answer-sampling: the text to answer with, or null (refused). */
  sampling: string | null;
  /** --connect-timeout: starting the server in the sandbox and its initialize (undefined: the default). */
  connectTimeoutMs: number | undefined;
}

export type CallParsed = CallCommand | { kind: 'help' };

const OPTIONS = {
  tool: { type: 'string' },
  resource: { type: 'string' },
  prompt: { type: 'string' },
  args: { type: 'string' },
  json: { type: 'boolean' },
  format: { type: 'string' },
  'answer-elicitation': { type: 'string' },
  'answer-sampling': { type: 'string' },
  env: { type: 'string', multiple: true, short: 'e' },
  cwd: { type: 'string' },
  'connect-timeout': { type: 'string' },
  demo: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const;

function jsonObject(text: string, option: string): Record<string, unknown> {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw usageError(
      `${option} is not valid JSON: ${terminalSafe(error instanceof Error ? error.message : String(error), 200)}.`,
      `Give a JSON object, quoted for your shell: ${option} '{"path": "notes.txt"}'`,
    );
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw usageError(
      `${option} must be a JSON object ({"name": value, ...}).`,
      `Example: ${option} '{"path": "notes.txt"}'`,
    );
  return value as Record<string, unknown>;
}

function promptArguments(args: Record<string, unknown>): Record<string, string> {
  const bad = Object.entries(args).filter(([, value]) => typeof value !== 'string');
  if (bad.length > 0)
    throw usageError(
      `A prompt's arguments are strings: ${bad.map(([name]) => `"${terminalSafe(name, 60)}"`).join(', ')} ${bad.length === 1 ? 'is' : 'are'} not.`,
      `Example: --args '{"name": "Ada"}'`,
    );
  return args as Record<string, string>;
}

function elicitationValues(text: string | undefined): CallCommand['elicitation'] {
  if (text === undefined) return null;
  const values = jsonObject(text, '--answer-elicitation');
  for (const [name, value] of Object.entries(values)) {
    const primitive = typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';
    const strings = Array.isArray(value) && value.every((item) => typeof item === 'string');
    if (!primitive && !strings)
      throw usageError(
        `--answer-elicitation: "${terminalSafe(name, 60)}" must be a string, a number, a boolean or a list of strings.`,
      );
  }
  return values as NonNullable<CallCommand['elicitation']>;
}

/** `argv`: the words after `call`. */
export function parseCallArgs(argv: readonly string[], demo: { command: string; args: string[] }): CallParsed {
  let parsed;
  try {
    parsed = parseArgs({ args: [...argv], options: OPTIONS, allowPositionals: true, strict: true });
  } catch (error) {
    throw argsProblem(error, Object.keys(OPTIONS), 'call');
  }
  const { values, positionals } = parsed;
  if (values.help === true) return { kind: 'help' };
  const dash = argv.indexOf('--');
  const before = dash === -1 ? positionals : positionals.slice(0, positionals.length - (argv.length - dash - 1));
  if (before.length > 0)
    throw usageError(
      `Unexpected word "${terminalSafe(before[0] ?? '', 80)}": the server's command goes after --.`,
      'mcp-hintcheck call --tool NAME --args JSON -- node server.js',
    );
  const asked = (['tool', 'resource', 'prompt'] as const).filter((key) => values[key] !== undefined);
  if (asked.length !== 1)
    throw usageError(
      asked.length === 0
        ? 'Say what to call: --tool NAME, --resource URI or --prompt NAME.'
        : `Give one of --tool, --resource and --prompt, not ${asked.map((key) => `--${key}`).join(' and ')}.`,
      'mcp-hintcheck call --tool NAME --args JSON -- node server.js',
    );
  if (values.resource !== undefined && values.args !== undefined)
    throw usageError('--args applies to --tool and --prompt: a resource is read by its URI alone.');
  const given = values.args === undefined ? {} : jsonObject(values.args, '--args');
  const what: CallWhat =
    values.tool !== undefined
      ? { method: 'tools/call', name: values.tool, arguments: given }
      : values.prompt !== undefined
        ? { method: 'prompts/get', name: values.prompt, arguments: promptArguments(given) }
        : { method: 'resources/read', uri: values.resource ?? '' };
  if (what.method !== 'resources/read' && what.name === '') throw usageError(`--${asked[0] ?? 'tool'} needs a name.`);
  const rest = dash === -1 ? [] : argv.slice(dash + 1);
  if (rest.length === 0 && values.demo !== true)
    throw usageError("Nothing to call: give the server's command after --, or --demo.");
  const target = parseTarget({ demo: values.demo, env: values.env, cwd: values.cwd }, rest, demo);
  if (target.transport !== 'stdio') throw usageError('call runs a local server (a command after --).');
  return {
    kind: 'call',
    what,
    target,
    json: wantsJson(values, 'call'),
    elicitation: elicitationValues(values['answer-elicitation']),
    sampling: values['answer-sampling'] ?? null,
    connectTimeoutMs: positiveInt('connect-timeout', values['connect-timeout']),
  };
}
