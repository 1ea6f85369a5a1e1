/**
 * Command-line arguments for `mcp-hintcheck audit`: the target (a command after --, or --url, or
 * --demo), its environment and headers, limits, and the output format.
 */
import { parseArgs } from 'node:util';
import { SEVERITIES, type Severity } from '../core/flags';
import { parseEnvSpec } from '../server/child-env';
import type { AuditTargetSpec } from '../server/connect';
import { AuditError } from '../server/errors';

export type OutputFormat = 'text' | 'json' | 'csv';

export interface AuditCommand {
  kind: 'audit';
  target: AuditTargetSpec;
  format: OutputFormat;
  output: string | null;
  timeoutMs: number | undefined;
  connectTimeoutMs: number | undefined;
  requestTimeoutMs: number | undefined;
  maxPages: number | undefined;
  maxBytes: number | undefined;
  failOn: Severity | null;
  color: boolean | null;
}

export interface OAuthCommand {
  kind: 'oauth';
  url: string;
  format: OutputFormat;
  output: string | null;
  timeoutMs: number | undefined;
  color: boolean | null;
}

export type Command = AuditCommand | OAuthCommand | { kind: 'help'; topic: 'main' | 'audit' } | { kind: 'version' };

export const USAGE = `mcp-hintcheck: audit an MCP server before you connect an agent to it

Usage:
  mcp-hintcheck audit [options] -- <command> [args...]   launch a local server (stdio) and audit it
  mcp-hintcheck audit --url <url> [options]              audit a hosted server (Streamable HTTP / SSE)
  mcp-hintcheck audit --demo [options]                   audit the bundled demo server
  mcp-hintcheck oauth <url> [--json|--format csv] [--timeout MS]
                                                         who guards a hosted server: its OAuth metadata,
                                                         checked without an account
  mcp-hintcheck scan [--client NAME,...] [--config FILE ...] [--yes] [--format text|json|csv]
                                                         the servers in your MCP clients' configurations:
                                                         findings first, then audit the ones you choose
                                                         (mcp-hintcheck scan --help)
  mcp-hintcheck --help | --version

Target options:
  --env NAME            pass NAME from your environment to the server (repeatable)
  --env NAME=value      set NAME for the server (repeatable). Nothing else reaches it but
                        HOME, LOGNAME, PATH, SHELL, TERM and USER.
  --cwd DIR             working directory for the server
  --url URL             a hosted server's MCP endpoint
  --transport T         auto (default), streamable-http or sse, for --url
  --header "Name: value"  an HTTP header for --url, e.g. Authorization (repeatable; never printed)

Output options:
  --format F            text (default), json or csv;  --json is --format json
  -o, --output FILE     write the output to FILE instead of stdout
  --fail-on SEVERITY    exit 4 when any tool has a flag of SEVERITY or worse (high, medium, low, info)
  --no-color            plain text output (also NO_COLOR=1)

Limits:
  --timeout MS          the whole audit (default 30000)
  --connect-timeout MS  starting and initializing the server (default 20000)
  --request-timeout MS  each tools/list page (default 15000)
  --max-pages N         pages of tools/list to follow (default 1000)
  --max-bytes N         largest single message (default 16777216); the listing may be 4x that

Exit codes: 0 audited (oauth: checked); 1 the audit failed or is incomplete; 2 bad arguments;
3 (oauth) the URL could not be reached at all; 4 --fail-on matched.
`;

function usageError(message: string): AuditError {
  return new AuditError('bad-input', message, { hint: 'Run mcp-hintcheck --help for usage.' });
}

function positiveInt(name: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  if (!/^\d+$/.test(value) || Number(value) <= 0)
    throw usageError(`--${name} must be a positive whole number, not "${value}".`);
  return Number(value);
}

function parseHeader(text: string): [string, string] {
  const colon = text.indexOf(':');
  const name = colon === -1 ? '' : text.slice(0, colon).trim();
  if (!/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(name)) {
    throw usageError(`--header expects "Name: value"; got a value without a valid header name.`);
  }
  return [name, text.slice(colon + 1).trim()];
}

/** `demo` is the command line that starts the bundled demo server. */
export function parseCommand(argv: readonly string[], demo: { command: string; args: string[] }): Command {
  let parsed;
  try {
    parsed = parseArgs({
      args: [...argv],
      allowPositionals: true,
      strict: true,
      options: {
        help: { type: 'boolean', short: 'h' },
        version: { type: 'boolean', short: 'v' },
        demo: { type: 'boolean' },
        url: { type: 'string' },
        transport: { type: 'string' },
        header: { type: 'string', multiple: true },
        env: { type: 'string', multiple: true, short: 'e' },
        cwd: { type: 'string' },
        format: { type: 'string' },
        json: { type: 'boolean' },
        output: { type: 'string', short: 'o' },
        timeout: { type: 'string' },
        'connect-timeout': { type: 'string' },
        'request-timeout': { type: 'string' },
        'max-pages': { type: 'string' },
        'max-bytes': { type: 'string' },
        'fail-on': { type: 'string' },
        color: { type: 'boolean' },
        'no-color': { type: 'boolean' },
      },
    });
  } catch (error) {
    throw usageError(error instanceof Error ? (error.message.split('\n')[0] ?? 'Bad arguments.') : 'Bad arguments.');
  }
  const { values, positionals } = parsed;
  if (values.version === true) return { kind: 'version' };
  const [subcommand, ...rest] = positionals;
  if (subcommand === undefined) {
    if (values.help === true) return { kind: 'help', topic: 'main' };
    throw usageError('Missing command: try `mcp-hintcheck audit -- <command> [args...]`.');
  }
  if (subcommand !== 'audit' && subcommand !== 'oauth')
    throw usageError(`Unknown command "${subcommand}". The commands are audit, oauth and scan.`);
  if (values.help === true) return { kind: 'help', topic: 'audit' };

  const format = values.json === true ? 'json' : (values.format ?? 'text');
  if (format !== 'text' && format !== 'json' && format !== 'csv')
    throw usageError(`--format must be text, json or csv, not "${format}".`);
  const failOn = values['fail-on'] ?? null;
  if (failOn !== null && !(SEVERITIES as readonly string[]).includes(failOn)) {
    throw usageError(`--fail-on must be one of ${SEVERITIES.join(', ')}, not "${failOn}".`);
  }

  const color = values['no-color'] === true ? false : values.color === true ? true : null;
  if (subcommand === 'oauth') {
    const [raw, ...extra] = rest;
    if (raw === undefined || extra.length > 0)
      throw usageError('Give one URL: mcp-hintcheck oauth https://mcp.example.com/mcp');
    return {
      kind: 'oauth',
      url: parseHttpUrl(raw, 'the URL').toString(),
      format,
      output: values.output ?? null,
      timeoutMs: positiveInt('timeout', values.timeout),
      color,
    };
  }

  const targets = [values.demo === true, values.url !== undefined, rest.length > 0].filter(Boolean).length;
  if (targets === 0) throw usageError('Nothing to audit: give a command after --, or --url <url>, or --demo.');
  if (targets > 1) throw usageError('Give exactly one target: a command after --, or --url, or --demo.');

  let target: AuditCommand['target'];
  if (values.header !== undefined || values.transport !== undefined) {
    if (values.url === undefined) throw usageError('--header and --transport apply to --url, not to a local command.');
  }
  if (values.demo === true) {
    target = {
      transport: 'stdio',
      command: demo.command,
      args: demo.args,
      cwd: values.cwd,
      env: (values.env ?? []).map(parseEnvSpec),
    };
  } else if (values.url !== undefined) {
    let url: URL;
    try {
      url = new URL(values.url);
    } catch {
      throw usageError(`--url "${values.url.slice(0, 100)}" is not a URL. Example: https://mcp.example.com/mcp`);
    }
    if (url.protocol !== 'https:' && url.protocol !== 'http:')
      throw usageError(`--url must be http or https, not ${url.protocol}`);
    const transport = values.transport ?? 'auto';
    if (transport !== 'auto' && transport !== 'streamable-http' && transport !== 'sse') {
      throw usageError(`--transport must be auto, streamable-http or sse, not "${transport}".`);
    }
    if ((values.env ?? []).length > 0 || values.cwd !== undefined)
      throw usageError('--env and --cwd apply to a local command, not to --url.');
    target = { transport, url: url.toString(), headers: Object.fromEntries((values.header ?? []).map(parseHeader)) };
  } else {
    const [command, ...args] = rest;
    if (command === undefined || command === '') throw usageError('The command to run is empty.');
    target = { transport: 'stdio', command, args, cwd: values.cwd, env: (values.env ?? []).map(parseEnvSpec) };
  }

  return {
    kind: 'audit',
    target,
    format,
    output: values.output ?? null,
    timeoutMs: positiveInt('timeout', values.timeout),
    connectTimeoutMs: positiveInt('connect-timeout', values['connect-timeout']),
    requestTimeoutMs: positiveInt('request-timeout', values['request-timeout']),
    maxPages: positiveInt('max-pages', values['max-pages']),
    maxBytes: positiveInt('max-bytes', values['max-bytes']),
    failOn: failOn as Severity | null,
    color,
  };
}

function parseHttpUrl(raw: string, what: string): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw usageError(`${what} "${raw.slice(0, 100)}" is not a URL. Example: https://mcp.example.com/mcp`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw usageError(`${what} must be http or https, not ${url.protocol}`);
  return url;
}
