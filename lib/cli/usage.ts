/**
 * The text of `mcp-hintcheck --help` (every command and option, the formats, and the exit codes), and
 * each command's own help (`audit --help`, `oauth --help`, ...), composed of the same sections.
 */
import { EXIT_CODE_HELP } from './exit-codes';
import { SEVERITY_GATES } from '../core/severity';
import { COMMAND_KINDS, FORMAT_NAMES, FORMATS, formatsFor, orList, type FormatCommand } from './formats/registry';

/** Each format with its line, then which commands write which (commands writing the same set share a line). */
function formatHelp(): string {
  const byFormats = new Map<string, FormatCommand[]>();
  for (const command of Object.keys(COMMAND_KINDS) as FormatCommand[]) {
    const list = orList(formatsFor(command));
    byFormats.set(list, [...(byFormats.get(list) ?? []), command]);
  }
  return [
    'Formats (--format F; --json is --format json):',
    ...FORMAT_NAMES.map((name) => `  ${name.padEnd(10)}${FORMATS[name].description}`),
    'What each command writes:',
    ...[...byFormats].map(([list, commands]) => `  ${commands.join(', ')}: ${list}`),
  ].join('\n');
}

const TARGET_HELP = `Target options:
  --env NAME            pass NAME from your environment to the server (repeatable)
  --env NAME=value      set NAME for the server (repeatable). Nothing else reaches it but
                        HOME, LOGNAME, PATH, SHELL, TERM and USER.
  --cwd DIR             working directory for the server
  --url URL             a hosted server's MCP endpoint
  --transport T         auto (default), streamable-http or sse, for --url
  --header "Name: value"  an HTTP header for --url, e.g. Authorization (repeatable; never printed)
  --protocol P          auto (default: the current revision 2026-07-28 if the server offers it,
                        else the 2025 initialize handshake), legacy, modern, or a revision
  --tokens              also estimate tokens per item and in total (o200k_base; an estimate,
                        and about a second and 100 MiB more to build the encoder)
  --capabilities C      the client capabilities to declare: host (default: roots, sampling,
                        elicitation form and url, as common hosts do), none, or a JSON FILE.
                        Server requests are answered safely: roots with an empty temporary folder,
                        sampling refused, elicitation declined; each is listed in the report
  --root DIR            offer DIR as a root instead of the temporary folder (repeatable)
  --compare-capabilities  list once more declaring none, and name the capability-gated tools
  --server-json FILE    compare the server with this server.json (MCP registry format): schema,
                        transports, required and secret variables, mcpName of the installed package.
                        A hosted server's own card (<url>/server-card) is read without it (docs/server-json.md)
`;

const SIGN_IN_HELP = `Sign-in options (with --login; tokens stay in memory, never printed or written):
  --no-open             print the sign-in URL only, do not open a browser
  --no-call-probe       do not send the call probe (one tools/call for a made-up tool name)
  --client-id ID        a client id registered with the authorization server (instead of registration)
  --client-secret-env NAME  read that client's secret from the variable NAME (never on the command line)
  --client-secret-file PATH  or from the first line of the file PATH
  --client-metadata-url URL  the https URL of this client's Client ID Metadata Document, if you host one
  --scope SCOPE         ask for this scope only (repeatable); default: what the server's challenge asks for
  --timeout MS          also bounds the wait for the sign-in (default 300000 with --login)
`;

const EXERCISE_HELP = `Exercise options (Linux, stdio; bubblewrap 0.8+, strace, prlimit; docs/exercise.md):
  --exercise [checkable|all]  after the audit, call tools in a sandbox and report where a hint was
                        contradicted: checkable (default) the tools whose hints claim something a
                        trace can check, all every tool; asks first, naming the tools
  --yes, -y             consent without the question (scripts, CI)
  --calls FILE          arguments per tool: {"tool": {"arg": "value"}} (else generated from inputSchema)
                        With contract write, the contract pins each exercised tool's behaviour
                        ("clean" = exercised, nothing contradicted); verify --exercise checks it.
  --sandbox             list the server inside the same sandbox (network off, HOME hidden); the
                        default with --exercise (without it, an audit lists on the host, as the
                        dashboard does)
  --no-sandbox          list on the host (a server that needs the network to start)
`;

const OUTPUT_HELP = `Output options:
  --format F            the format to write (Formats, below); --json is --format json
  -o, --output FILE     write the output to FILE instead of stdout
  --all-kinds           with --format csv: one row per tool, prompt, resource and template
                        (a kind column first) instead of the tools only
  --profile DIRECTORY   grade against a directory's published rules: claude-directory, openai-directory
  --no-color            plain text output (also NO_COLOR=1)
`;

/** The severity gate of audit, oauth and scan (lib/core/severity.ts: one default, high). */
const FAIL_ON_HELP = `  --fail-on SEVERITY    exit 1 when any finding, OAuth included, is SEVERITY or worse
                        (${SEVERITY_GATES.join(', ')}; default high; none: report, never exit 1)
`;

const HISTORY_HELP = `History (every audit is saved, Reports redacted):
  --db PATH             the history file (else HINTCHECK_DB, else ~/.local/share/mcp-hintcheck/history.db
                        or your platform's data folder)
  --no-history          do not save this audit
`;

const LIMITS_HELP = `Limits:
  --timeout MS          the whole audit (default 45000)
  --connect-timeout MS  starting and initializing the server, on the host and in the sandbox (default 30000)
  --request-timeout MS  each tools/list page (default 15000)
  --max-pages N         pages of tools/list to follow (default 1000)
  --max-bytes N         largest single message (default 16777216); the listing may be 4x that
  --listen MS           keep listening after the lists, as a host does, for list_changed and server
                        requests (default 500, longer while the server is active; 0: do not wait)
`;

export const USAGE = `mcp-hintcheck: audit an MCP server before you connect an agent to it

Usage:
  mcp-hintcheck audit [options] -- <command> [args...]   launch a local server (stdio) and audit it
  mcp-hintcheck audit --url <url> [options]              audit a hosted server (Streamable HTTP / SSE)
  mcp-hintcheck audit --demo [options]                   audit the bundled demo server
  mcp-hintcheck oauth <url> [--json|--format F] [--timeout MS] [--fail-on SEVERITY]
                                                         who guards a hosted server: its OAuth metadata,
                                                         checked without an account
  mcp-hintcheck contract write [-o mcp-surface.json] <target>
                                                         pin the server's surface in a contract file
  mcp-hintcheck verify --contract FILE <target> [--fail-on widening|any|none]
                                                         compare the live surface with the contract
  mcp-hintcheck history list [--server TEXT] [--limit N] audits saved so far (newest first; TEXT: a server
                                                         id, or a piece of its command line or URL)
  mcp-hintcheck history show ID | diff A B               one saved audit; the changes between two
  mcp-hintcheck history prune [--keep N] [--server TEXT] keep the newest N audits per server (default 50),
                                                         delete the rest and shrink the file
  mcp-hintcheck history delete ID...                     delete these audits (all or none) and shrink the file
  mcp-hintcheck scan [--client NAME,...] [--config FILE ...] [--yes] [--format ${formatsFor('scan').join('|')}]
                                                         the servers in your MCP clients' configurations:
                                                         findings first, then audit the ones you choose
                                                         (mcp-hintcheck scan --help)
  mcp-hintcheck registry <base-url|file> [--shard K/N] [--run-file FILE]
                                                         every server of an MCP registry, resumable; then
                                                         registry merge RUN... (mcp-hintcheck registry --help)
  mcp-hintcheck audit --url <url> --login [options]      sign in on the server's authorization page, then audit
  mcp-hintcheck oauth <url> --login                      check, then sign in and show what was granted
  mcp-hintcheck audit --url <url> --login client-credentials --client-id ID --client-secret-env NAME
                                                         a machine client's sign-in (no browser), then audit
  mcp-hintcheck doctor <url> [--json] [--timeout MS]     why a hosted server cannot be reached: each step
                                                         (DNS, TCP, TLS, HTTP, transports, eras, sign-in)
  mcp-hintcheck call --tool NAME [--args JSON] [--json] -- <command> [args...]
                                                         one call by hand inside the exercise's sandbox:
                                                         the result inspected, what it did, with evidence
                                                         (also --resource URI, --prompt NAME; call --help)
  mcp-hintcheck --help | --version

A <target> is "-- <command> [args...]", "--url <url>" or "--demo", with the target options below.

${TARGET_HELP}
${SIGN_IN_HELP}
${EXERCISE_HELP}
${OUTPUT_HELP}${FAIL_ON_HELP}
${HISTORY_HELP}
${LIMITS_HELP}
${formatHelp()}

${EXIT_CODE_HELP}`;

const MORE = 'Every command: mcp-hintcheck --help. Every option, output and exit code: docs/cli.md.\n';

/** The formats one command writes, as its own help says it. */
function formatsLine(command: FormatCommand): string {
  return `  --format F            ${orList(formatsFor(command))}; --json is --format json\n`;
}

/** Each command's own `--help` (scan, doctor and call have theirs beside their arguments). */
export const COMMAND_HELP = {
  audit: `mcp-hintcheck audit: list a server's tools, prompts and resources, and say what they allow

Usage:
  mcp-hintcheck audit [options] -- <command> [args...]   launch a local server (stdio) and audit it
  mcp-hintcheck audit --url <url> [options]              audit a hosted server (Streamable HTTP / SSE)
  mcp-hintcheck audit --demo [options]                   audit the bundled demo server
  mcp-hintcheck audit --url <url> --login [options]      sign in on the server's authorization page first

${TARGET_HELP}
${SIGN_IN_HELP}
${EXERCISE_HELP}
${OUTPUT_HELP}${formatsLine('audit')}${FAIL_ON_HELP}
${HISTORY_HELP}
${LIMITS_HELP}
${EXIT_CODE_HELP}
${MORE}`,
  oauth: `mcp-hintcheck oauth: who guards a hosted server, from its OAuth metadata, checked without an account

Usage:
  mcp-hintcheck oauth <url> [--json|--format F] [--timeout MS] [--fail-on SEVERITY] [-o FILE]
  mcp-hintcheck oauth <url> --login [sign-in options]    check, then sign in and show what was granted

Options:
${formatsLine('oauth')}  -o, --output FILE     write the output to FILE instead of stdout
  --timeout MS          each request (and, with --login, the wait for the sign-in)
${FAIL_ON_HELP}  --no-color            plain text output (also NO_COLOR=1)

${SIGN_IN_HELP}
${EXIT_CODE_HELP}
${MORE}`,
  contract: `mcp-hintcheck contract write: pin the server's surface in a contract file

Usage:
  mcp-hintcheck contract write [-o mcp-surface.json] <target>

A <target> is "-- <command> [args...]", "--url <url>" or "--demo". -o - writes the contract to stdout.

${TARGET_HELP}
${EXERCISE_HELP}
${HISTORY_HELP}
${LIMITS_HELP}
${EXIT_CODE_HELP}
${MORE}`,
  verify: `mcp-hintcheck verify: compare the live surface with an approved contract

Usage:
  mcp-hintcheck verify --contract FILE <target> [--fail-on widening|any|none] [--format F] [-o FILE]

Options:
  --contract FILE       the approved surface (written by contract write)
  --fail-on G           exit 1 on: widening (default: a widened hint, changed text, an added or removed
                        tool, a broken pin or cap), any change, or none
${formatsLine('verify')}  -o, --output FILE     write the output to FILE instead of stdout

${TARGET_HELP}
${EXERCISE_HELP}
${HISTORY_HELP}
${LIMITS_HELP}
${EXIT_CODE_HELP}
${MORE}`,
  history: `mcp-hintcheck history: the audits saved so far

Usage:
  mcp-hintcheck history list [--server TEXT] [--limit N] audits saved so far (newest first; TEXT: a server
                                                         id, or a piece of its command line or URL)
  mcp-hintcheck history show ID                          one saved audit (any --format)
  mcp-hintcheck history diff A B [--fail-on widening|any|none]
                                                         the changes between two, classified as verify
                                                         classifies them (default --fail-on none)
  mcp-hintcheck history prune [--keep N] [--server TEXT] keep the newest N audits per server (default 50),
                                                         delete the rest and shrink the file
  mcp-hintcheck history delete ID...                     delete these audits (all or none) and shrink the file

Options:
  --db PATH             the history file (else HINTCHECK_DB, else ~/.local/share/mcp-hintcheck/history.db
                        or your platform's data folder)
  --format F            list: ${orList(formatsFor('history list'))}; show: ${orList(formatsFor('history show'))};
                        diff: ${orList(formatsFor('history diff'))}; --json is --format json
  -o, --output FILE     write the output to FILE instead of stdout

${EXIT_CODE_HELP}
${MORE}`,
} as const;

export type HelpTopic = keyof typeof COMMAND_HELP;

/** The help for `mcp-hintcheck <command> --help`: the command's own, or the general one. */
export function helpFor(command: string | undefined): string {
  return command !== undefined && Object.hasOwn(COMMAND_HELP, command) ? COMMAND_HELP[command as HelpTopic] : USAGE;
}
