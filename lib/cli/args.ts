/**
 * Command-line arguments for `mcp-hintcheck audit`: the target (a command after --, or --url, or
 * --demo), its environment and headers, limits, and the output format.
 */
import { PROFILE_IDS } from '../core/readiness/profile-ids';
import { parseArgs } from 'node:util';
import { SEVERITY_GATES, severityGate, type Severity } from '../core/severity';
import { PROTOCOL_CHOICE_HELP, parseProtocolChoice, type ProtocolChoice } from '../core/protocol';
import { isHeaderName } from '../core/names';
import { HOSTED_TRANSPORTS, isHostedTransport } from '../core/transports';
import { parseEnvSpec } from '../server/child-env';
import type { AuditTargetSpec } from '../server/target-spec';
import type { CapabilityChoice } from '../core/capabilities/declared';
import { parseCapabilitiesOption, parseRoots } from './capabilities-option';
import { parseLoginOptions, takeLoginGrant, type LoginOptions } from './login-args';
import { exerciseOption, sandboxOption, takeExercise, type ExerciseOption } from './exercise-args';
import { chooseFormat } from './formats/registry';
import type { OutputFormat } from './formats/registry';
import type { GivenServerJson } from '../server/declared/declared-check';
import { readServerJsonOption } from './server-json-option';
import { argsProblem, unknownCommand, usageError } from './args-problem';

/** Where audits are saved: --db PATH (else HINTCHECK_DB, else the data directory), or not at all. */
export interface HistoryOption {
  db: string | undefined;
  noHistory: boolean;
}

/** How to audit, from the options every auditing command accepts (audit, contract write, verify). */
export interface AuditSettings {
  timeoutMs: number | undefined;
  connectTimeoutMs: number | undefined;
  requestTimeoutMs: number | undefined;
  maxPages: number | undefined;
  maxBytes: number | undefined;
  /** --listen MS: how long to keep listening after the lists for list_changed and server requests (0: not at all). */
  listenMs: number | undefined;
  /** Which protocol era to speak (--protocol, default auto). */
  protocol: ProtocolChoice;
  /** --tokens: estimate tokens (o200k_base) besides bytes. */
  tokens: boolean;
  /** --capabilities host|none|FILE (default host), --root DIR, --compare-capabilities. */
  capabilities: CapabilityChoice;
  roots: string[];
  compareCapabilities: boolean;
  /** --server-json FILE: a server.json compared with the audit (lib/server/declared/). */
  serverJson?: GivenServerJson | undefined;
}

export interface AuditCommand extends AuditSettings {
  kind: 'audit';
  target: AuditTargetSpec;
  format: OutputFormat;
  output: string | null;
  failOn: Severity | null;
  color: boolean | null;
  history: HistoryOption;
  /** --all-kinds: the CSV has one row per tool, prompt, resource and template, with a kind column. */
  allKinds: boolean;
  /** --login: sign in on the authorization server's page first (lib/cli/login.ts). */
  login?: LoginOptions | null;
  /** --exercise [checkable|all], --yes, --calls FILE: call tools in a sandbox (lib/cli/exercise-command.ts). */
  exercise?: ExerciseOption | null;
  /** --sandbox (the default with --exercise; --no-sandbox): list the server inside the exercise's sandbox. */
  sandbox?: boolean;
  /** --profile claude-directory|openai-directory: grade the server against a directory's rules (lib/core/readiness/). */
  profile?: string | null;
}

export type { LoginOptions } from './login-args';

export interface OAuthCommand {
  kind: 'oauth';
  url: string;
  format: OutputFormat;
  output: string | null;
  timeoutMs: number | undefined;
  /** --fail-on: exit 1 when an OAuth finding is this severe or worse (default high; none: never). */
  failOn: Severity | null;
  color: boolean | null;
  login?: LoginOptions | null;
}

export type Command =
  AuditCommand | OAuthCommand | { kind: 'help'; topic: 'main' | 'audit' | 'oauth' } | { kind: 'version' };

export { usageError };

/** A whole number of 0 or more, or undefined when the option is absent. */
function wholeNumber(name: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  if (!/^\d+$/.test(value)) throw usageError(`--${name} must be a whole number of 0 or more, not "${value}".`);
  return Number(value);
}

export function positiveInt(name: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  if (!/^\d+$/.test(value) || Number(value) <= 0)
    throw usageError(`--${name} must be a positive whole number, not "${value}".`);
  return Number(value);
}

function parseHeader(text: string): [string, string] {
  const colon = text.indexOf(':');
  const name = colon === -1 ? '' : text.slice(0, colon).trim();
  if (!isHeaderName(name)) {
    throw usageError(`--header expects "Name: value"; got a value without a valid header name.`);
  }
  return [name, text.slice(colon + 1).trim()];
}

/** Options every command that audits a target accepts (parseArgs form). */
export const TARGET_OPTIONS = {
  help: { type: 'boolean', short: 'h' },
  version: { type: 'boolean', short: 'v' },
  demo: { type: 'boolean' },
  url: { type: 'string' },
  transport: { type: 'string' },
  header: { type: 'string', multiple: true },
  env: { type: 'string', multiple: true, short: 'e' },
  cwd: { type: 'string' },
  timeout: { type: 'string' },
  'connect-timeout': { type: 'string' },
  'request-timeout': { type: 'string' },
  'max-pages': { type: 'string' },
  'max-bytes': { type: 'string' },
  listen: { type: 'string' },
  db: { type: 'string' },
  'no-history': { type: 'boolean' },
  protocol: { type: 'string' },
  tokens: { type: 'boolean' },
  capabilities: { type: 'string' },
  root: { type: 'string', multiple: true },
  'compare-capabilities': { type: 'boolean' },
  'server-json': { type: 'string' },
} as const;

/** Output options shared by every command. */
export const OUTPUT_OPTIONS = {
  format: { type: 'string' },
  json: { type: 'boolean' },
  output: { type: 'string', short: 'o' },
  color: { type: 'boolean' },
  'no-color': { type: 'boolean' },
} as const;

/** --db / --no-history; an empty --db is a usage error. */
export function parseHistoryOption(values: { db?: string; 'no-history'?: boolean }): HistoryOption {
  if (values.db === '') throw usageError('--db needs a file path, e.g. --db ./history.db');
  if (values.db !== undefined && values['no-history'] === true)
    throw usageError('Give --db or --no-history, not both.');
  return { db: values.db, noHistory: values['no-history'] === true };
}

/** --protocol (default auto); anything unknown is a usage error that lists what is accepted. */
export function parseProtocol(text: string | undefined): ProtocolChoice {
  const protocol = parseProtocolChoice(text ?? 'auto');
  if (protocol === null) throw usageError(`--protocol must be ${PROTOCOL_CHOICE_HELP}, not "${text ?? ''}".`);
  return protocol;
}

/** The audit settings of TARGET_OPTIONS; a bad number or protocol is a usage error. */
export function parseAuditSettings(values: {
  timeout?: string | undefined;
  'connect-timeout'?: string | undefined;
  'request-timeout'?: string | undefined;
  'max-pages'?: string | undefined;
  'max-bytes'?: string | undefined;
  listen?: string | undefined;
  protocol?: string | undefined;
  tokens?: boolean | undefined;
  capabilities?: string | undefined;
  root?: string[] | undefined;
  'compare-capabilities'?: boolean | undefined;
  'server-json'?: string | undefined;
}): AuditSettings {
  return {
    timeoutMs: positiveInt('timeout', values.timeout),
    connectTimeoutMs: positiveInt('connect-timeout', values['connect-timeout']),
    requestTimeoutMs: positiveInt('request-timeout', values['request-timeout']),
    maxPages: positiveInt('max-pages', values['max-pages']),
    maxBytes: positiveInt('max-bytes', values['max-bytes']),
    listenMs: wholeNumber('listen', values.listen),
    protocol: parseProtocol(values.protocol),
    tokens: values.tokens === true,
    capabilities: parseCapabilitiesOption(values.capabilities),
    roots: parseRoots(values.root),
    compareCapabilities: values['compare-capabilities'] === true,
    serverJson: readServerJsonOption(values['server-json']),
  };
}

/** The audit and oauth commands' options read by parseArgs; a parse error becomes a usage error. */
function readAuditArgv(args: string[]) {
  try {
    return parseArgs({ args, allowPositionals: true, strict: true, options: AUDIT_OPTIONS });
  } catch (error) {
    throw argsProblem(error, [...Object.keys(AUDIT_OPTIONS), 'exercise'], args.includes('oauth') ? 'oauth' : 'audit');
  }
}

const AUDIT_OPTIONS = {
  ...TARGET_OPTIONS,
  ...OUTPUT_OPTIONS,
  'fail-on': { type: 'string' },
  'all-kinds': { type: 'boolean' },
  login: { type: 'boolean' },
  'no-open': { type: 'boolean' },
  'no-call-probe': { type: 'boolean' },
  'client-id': { type: 'string' },
  'client-secret-env': { type: 'string' },
  'client-secret-file': { type: 'string' },
  'client-secret': { type: 'string' },
  'client-metadata-url': { type: 'string' },
  scope: { type: 'string', multiple: true },
  yes: { type: 'boolean', short: 'y' },
  calls: { type: 'string' },
  sandbox: { type: 'boolean' },
  'no-sandbox': { type: 'boolean' },
  profile: { type: 'string' },
} as const;

/** `demo` is the command line that starts the bundled demo server. */
export function parseCommand(argv: readonly string[], demo: { command: string; args: string[] }): Command {
  const loginGrant = takeLoginGrant(argv, usageError);
  const exercise = takeExercise(loginGrant.argv, usageError);
  const parsed = readAuditArgv(exercise.argv);
  const { values, positionals } = parsed;
  if (values.version === true) return { kind: 'version' };
  const [subcommand, ...rest] = positionals;
  if (subcommand === undefined) {
    if (values.help === true) return { kind: 'help', topic: 'main' };
    throw usageError('Missing command: try `mcp-hintcheck audit -- <command> [args...]`.');
  }
  if (subcommand !== 'audit' && subcommand !== 'oauth') throw unknownCommand(subcommand);
  if (values.help === true) return { kind: 'help', topic: subcommand };

  const format = chooseFormat(values, subcommand);
  const failOn = parseFailOn(values['fail-on']);

  const color = values['no-color'] === true ? false : values.color === true ? true : null;
  const login = parseLoginOptions(values, loginGrant.grant, usageError);
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
      failOn,
      color,
      login,
    };
  }
  if (login !== null && values.url === undefined) throw usageError('--login applies to --url (a hosted server).');
  const profile = values.profile ?? null;
  if (profile !== null && !(PROFILE_IDS as readonly string[]).includes(profile))
    throw usageError(`--profile must be one of ${PROFILE_IDS.join(', ')}, not "${profile}".`);

  const target = parseTarget(values, rest, demo);
  if (values['all-kinds'] === true && format !== 'csv') throw usageError('--all-kinds applies to --format csv.');
  return {
    kind: 'audit',
    target,
    ...parseAuditSettings(values),
    allKinds: values['all-kinds'] === true,
    format,
    output: values.output ?? null,
    failOn,
    color,
    history: parseHistoryOption(values),
    login,
    exercise: exerciseOption(exercise.mode, values, target.transport, usageError),
    sandbox: sandboxOption(values, target.transport, exercise.mode !== null, usageError),
    profile,
  };
}

/** --fail-on for a severity gate (audit, oauth, scan): default high, none for no gate; anything else is a usage error. */
export function parseFailOn(text: string | undefined): Severity | null {
  const gate = severityGate(text);
  if (gate === undefined)
    throw usageError(`--fail-on must be one of ${SEVERITY_GATES.join(', ')}, not "${(text ?? '').slice(0, 20)}".`);
  return gate;
}

interface TargetValues {
  demo?: boolean;
  url?: string;
  transport?: string;
  header?: string[];
  env?: string[];
  cwd?: string;
}

/** The one target of a command: a command after --, or --url, or --demo. */
export function parseTarget(
  values: TargetValues,
  rest: readonly string[],
  demo: { command: string; args: string[] },
): AuditTargetSpec {
  const targets = [values.demo === true, values.url !== undefined, rest.length > 0].filter(Boolean).length;
  if (targets === 0) throw usageError('Nothing to audit: give a command after --, or --url <url>, or --demo.');
  if (targets > 1) throw usageError('Give exactly one target: a command after --, or --url, or --demo.');

  if (values.header !== undefined || values.transport !== undefined) {
    if (values.url === undefined) throw usageError('--header and --transport apply to --url, not to a local command.');
  }
  if (values.demo === true) {
    return {
      transport: 'stdio',
      command: demo.command,
      args: demo.args,
      cwd: values.cwd,
      env: (values.env ?? []).map(parseEnvSpec),
    };
  }
  if (values.url !== undefined) {
    const url = parseHttpUrl(values.url, '--url');
    const transport = values.transport ?? 'auto';
    if (!isHostedTransport(transport)) {
      throw usageError(`--transport must be ${HOSTED_TRANSPORTS.join(', ')}, not "${transport}".`);
    }
    if ((values.env ?? []).length > 0 || values.cwd !== undefined)
      throw usageError('--env and --cwd apply to a local command, not to --url.');
    return { transport, url: url.toString(), headers: Object.fromEntries((values.header ?? []).map(parseHeader)) };
  }
  const [command, ...args] = rest;
  if (command === undefined || command === '') throw usageError('The command to run is empty.');
  return { transport: 'stdio', command, args, cwd: values.cwd, env: (values.env ?? []).map(parseEnvSpec) };
}

function parseHttpUrl(raw: string, what: string): URL {
  if (!URL.canParse(raw))
    throw usageError(`${what} "${raw.slice(0, 100)}" is not a URL. Example: https://mcp.example.com/mcp`);
  const url = new URL(raw);
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw usageError(`${what} must be http or https, not ${url.protocol}`);
  return url;
}
