/**
 * Arguments of `mcp-hintcheck scan`: which clients' files to read, extra files, consent (--yes),
 * concurrency and the output format.
 */
import { parseArgs } from 'node:util';
import { DEFAULT_CONCURRENCY, MAX_CONCURRENCY } from '../core/api/batch-request';
import { CLIENT_IDS, CLIENTS, type ClientId } from '../core/config/clients';
import { closestName } from '../core/closest-name';
import { SEVERITY_GATES, type Severity } from '../core/severity';
import { AuditError } from '../server/errors';
import type { OutputFormat } from './formats/registry';
import { OUTPUT_OPTIONS, parseFailOn, parseHistoryOption, type HistoryOption } from './args';
import { chooseFormat, formatsFor } from './formats/registry';
import { TEXT_WIDTH } from './print/wrap';

export interface ScanCommand {
  kind: 'scan';
  /** null: every client. */
  clients: ClientId[] | null;
  configs: string[];
  yes: boolean;
  /** Exit 1 when a finding (configuration, session, or an audited server's) is at or above this. */
  failOn: Severity | null;
  concurrency: number;
  format: OutputFormat;
  output: string | null;
  project: string | null;
  timeoutMs: number | undefined;
  color: boolean | null;
  /** Where the audits the scan runs are saved, as for audit: --db PATH, --no-history. */
  history: HistoryOption;
}

const CLIENT_NAMES = CLIENT_IDS.filter((id) => id !== 'file');

/** What --project reads, from the registry: each client's project file, or its folder, relative to the project. */
function projectPaths(): string[] {
  const place = { platform: 'linux', home: '/home', projectDir: '/project', env: {} } as const;
  const paths = CLIENT_NAMES.flatMap((id) => CLIENTS[id].locations(place))
    .filter((location) => location.scope === 'project')
    .map((location) => location.file.slice('/project/'.length).replace(/\/.*$/, '/'));
  return [...new Set(paths)];
}

/** An option's help: `text` then the words, broken to TEXT_WIDTH, continuations under the text's column. */
function helpLines(head: string, text: string, words: readonly string[]): string {
  const lines = [`${head.padEnd(22)}${text}`];
  for (const [index, word] of words.entries()) {
    const piece = index === words.length - 1 ? word : `${word},`;
    const last = lines.length - 1;
    if ((lines[last] ?? '').length + 1 + piece.length > TEXT_WIDTH) lines.push(`${' '.repeat(22)}${piece}`);
    else lines[last] = `${lines[last] ?? ''} ${piece}`;
  }
  return lines.join('\n');
}

export const SCAN_USAGE = `mcp-hintcheck scan: find the MCP servers your clients are configured with, check the
configurations, and audit the ones you choose together

Usage:
  mcp-hintcheck scan [--client NAME,...] [--config FILE ...] [--yes] [--concurrency N] [--fail-on SEVERITY]
                     [--format ${formatsFor('scan').join('|')}] [-o FILE] [--project DIR] [--timeout MS]
                     [--db PATH | --no-history]

${helpLines('  --client NAME,...', "read only these clients' files:", CLIENT_NAMES)}
                      (none: only the --config files)
  --config FILE       also read FILE (repeatable); its client is recognised by name or shape
${helpLines('  --project DIR', 'the project whose files are read:', projectPaths())}
                      (default: the current directory)
  --yes               audit every enabled server found without asking, but a project's entry
                      that changes which program runs (launch-override): choose it by number
  --concurrency N     servers audited at once (default ${DEFAULT_CONCURRENCY}, at most ${MAX_CONCURRENCY})
  --format F          text (default), json (every Report, the overview, all findings), csv (the
                      overview), sarif (SARIF 2.1.0: every finding at its entry's file and line)
                      or markdown (a pull-request comment)
  -o, --output FILE   write the output to FILE
  --timeout MS        each server's audit (default 45000)
  --fail-on SEVERITY  exit 1 when a configuration finding, a finding about the servers together or
                      an audited server's flag is SEVERITY or worse (${SEVERITY_GATES.join(', ')};
                      default high, as for audit and the Action; none: report, never exit 1)
  --db PATH           save each audit the scan runs in this history file, as audit does (default:
                      HINTCHECK_DB, else the data directory; see mcp-hintcheck history)
  --no-history        do not save the audits

Nothing starts before you choose: the servers and the configuration findings are listed first,
then scan asks which to audit (y = every enabled one, n = none, or numbers like 1,3-5). The answer
can come from a pipe: printf '1,3\\n' | mcp-hintcheck scan. No answer (stdin ends) or one that
names no listed server: nothing starts, exit 2.
A server gets the environment its configuration gives it plus HOME, LOGNAME, PATH, SHELL, TERM, USER.

Exit codes: 0 audited (or nothing chosen); 1 the --fail-on gate failed; 2 bad arguments, a --config file that does not exist, or
no usable answer; 3 a server could not be started, reached or audited whole; 130 interrupted.
`;

function usageError(message: string): AuditError {
  return new AuditError('bad-input', message, { hint: 'Run mcp-hintcheck scan --help for usage.' });
}

export function parseScanArgs(argv: readonly string[]): ScanCommand | { kind: 'help' } {
  let parsed;
  try {
    parsed = parseArgs({
      args: [...argv],
      allowPositionals: false,
      strict: true,
      options: {
        help: { type: 'boolean', short: 'h' },
        client: { type: 'string', multiple: true },
        config: { type: 'string', multiple: true },
        yes: { type: 'boolean', short: 'y' },
        concurrency: { type: 'string' },
        ...OUTPUT_OPTIONS,
        project: { type: 'string' },
        timeout: { type: 'string' },
        'fail-on': { type: 'string' },
        db: { type: 'string' },
        'no-history': { type: 'boolean' },
      },
    });
  } catch (error) {
    throw usageError(error instanceof Error ? (error.message.split('\n')[0] ?? 'Bad arguments.') : 'Bad arguments.');
  }
  const { values } = parsed;
  if (values.help === true) return { kind: 'help' };
  let clients: ClientId[] | null = null;
  if (values.client !== undefined) {
    clients = [];
    for (const name of values.client.flatMap((list) => list.split(',')).map((name) => name.trim().toLowerCase())) {
      if (name === '' || name === 'none') continue;
      if (!(CLIENT_NAMES as readonly string[]).includes(name)) {
        const near = closestName(name, CLIENT_NAMES);
        throw usageError(
          `--client "${name.slice(0, 40)}" is not one of ${CLIENT_NAMES.join(', ')}.${near === null ? '' : ` Did you mean ${near}?`}`,
        );
      }
      clients.push(name as ClientId);
    }
  }
  const format = chooseFormat(values, 'scan');
  const whole = (name: string, text: string | undefined, max: number): number | undefined => {
    if (text === undefined) return undefined;
    if (!/^\d+$/.test(text) || Number(text) < 1 || Number(text) > max)
      throw usageError(`--${name} must be a whole number from 1 to ${max}, not "${text.slice(0, 20)}".`);
    return Number(text);
  };
  return {
    kind: 'scan',
    failOn: parseFailOn(values['fail-on']),
    clients,
    configs: values.config ?? [],
    yes: values.yes === true,
    concurrency: whole('concurrency', values.concurrency, MAX_CONCURRENCY) ?? DEFAULT_CONCURRENCY,
    format,
    output: values.output ?? null,
    project: values.project ?? null,
    timeoutMs: whole('timeout', values.timeout, 3_600_000),
    color: values['no-color'] === true ? false : values.color === true ? true : null,
    history: parseHistoryOption(values),
  };
}

/**
 * The user's answer to "audit which?": y/yes/all for every listed number, n/no/empty for none, or
 * numbers and ranges ("1,3-5"). Returns the chosen numbers (1-based) or an error message.
 */
export function parseChoice(answer: string, count: number): number[] | string {
  const text = answer.trim().toLowerCase();
  if (text === '' || text === 'n' || text === 'no') return [];
  if (text === 'y' || text === 'yes' || text === 'all' || text === 'a')
    return Array.from({ length: count }, (_, i) => i + 1);
  const chosen = new Set<number>();
  for (const part of text.split(/[\s,]+/).filter(Boolean)) {
    const range = /^(\d+)(?:-(\d+))?$/.exec(part);
    if (range === null) return `"${part.slice(0, 20)}" is not a number or a range`;
    const from = Number(range[1]);
    const to = range[2] === undefined ? from : Number(range[2]);
    if (from < 1 || to > count || from > to) return `${part} is outside 1-${count}`;
    for (let n = from; n <= to; n++) chosen.add(n);
  }
  return [...chosen].sort((a, b) => a - b);
}
