/**
 * Form state -> AuditRequest. A one-line command is split like a shell would split words (without
 * running one); environment rows with an empty value become null (pass NAME from the dashboard's
 * own environment). The request is checked with the API's own schema before it is sent.
 */
import { auditRequestSchema, describeIssues, type AuditRequest } from '@/lib/core/api/audit-request';
import { splitCommandLine } from '@/lib/core/command-line';
import type { UiProblem } from '@/components/ui/ui-problem';
import { ENV_NAME_RULE, HEADER_NAME_RULE, isEnvName, isHeaderName } from '@/lib/core/names';
import type { HostedTransport } from '@/lib/core/transports';
import type { KeyValueRow } from '@/components/ui/key-value-rows';
import type { CapabilityPreset } from '@/lib/core/capabilities/declared';

/** The capabilities the audit declares (default host) and whether to compare with none. */
export interface CapabilitySettings {
  capabilities?: CapabilityPreset;
  compareCapabilities?: boolean;
}

function capabilityFields(settings: CapabilitySettings): CapabilitySettings {
  return {
    capabilities: settings.capabilities ?? 'host',
    ...(settings.compareCapabilities === true ? { compareCapabilities: true } : {}),
  };
}

export type CommandMode = 'line' | 'split';

/** The command form's example: a published server pinned to an exact version (scan flags unpinned npx packages). */
export const COMMAND_EXAMPLE = 'npx -y @modelcontextprotocol/server-everything@2026.8.31';

export interface LocalTarget extends CapabilitySettings {
  mode: CommandMode;
  /** The one-line command. */
  line: string;
  /** Command + arguments mode: the program, and one argument per line. */
  program: string;
  args: string;
  cwd: string;
  env: KeyValueRow[];
  /** List in the exercise sandbox (no network, HOME hidden) instead of on the host, the default as in the CLI. */
  inSandbox?: boolean;
}

export interface HostedTarget extends CapabilitySettings {
  url: string;
  transport: HostedTransport;
  headers: KeyValueRow[];
}

export type BuildResult = { ok: true; request: AuditRequest } | { ok: false; problem: UiProblem };

export function envNameProblem(name: string): string | null {
  return isEnvName(name) ? null : `Use ${ENV_NAME_RULE}.`;
}

export function headerNameProblem(name: string): string | null {
  return isHeaderName(name) ? null : `Not a valid HTTP header name (${HEADER_NAME_RULE}).`;
}

type Field = NonNullable<UiProblem['field']>;

function badInput(message: string, hint?: string, field?: Field): BuildResult {
  return {
    ok: false,
    problem: {
      code: 'bad-input',
      message,
      ...(hint === undefined ? {} : { hint }),
      ...(field === undefined ? {} : { field }),
    },
  };
}

const FIELD_OF: Record<string, Field> = {
  command: 'command',
  args: 'command',
  cwd: 'cwd',
  env: 'env',
  url: 'url',
  headers: 'headers',
};

function checked(request: unknown): BuildResult {
  const parsed = auditRequestSchema.safeParse(request);
  if (!parsed.success) {
    const first = parsed.error.issues[0]?.path[0];
    const field = typeof first === 'string' ? FIELD_OF[first] : undefined;
    return badInput(
      describeIssues(parsed.error),
      field === undefined ? 'Correct the request and run again.' : 'Correct the highlighted field and run again.',
      field,
    );
  }
  return { ok: true, request: parsed.data };
}

/** The program and its arguments as the form currently describes them. */
export function localWords(local: LocalTarget): { ok: true; words: string[] } | { ok: false; error: string } {
  if (local.mode === 'line') {
    const split = splitCommandLine(local.line);
    return split.ok ? { ok: true, words: split.words } : split;
  }
  const program = local.program.trim();
  const args = local.args.split('\n').filter((arg) => arg.trim() !== '');
  return { ok: true, words: program === '' ? [] : [program, ...args] };
}

function collectRows(
  rows: readonly KeyValueRow[],
  what: string,
  nameProblem: (name: string) => string | null,
): { ok: true; names: string[]; values: string[] } | { ok: false; problem: BuildResult } {
  const names: string[] = [];
  const values: string[] = [];
  const seen = new Set<string>();
  for (const row of rows) {
    const name = row.name.trim();
    if (name === '') {
      if (row.value === '') continue;
      return {
        ok: false,
        problem: badInput(`Every ${what} row with a value needs a name.`, `Name the ${what}, or remove the row.`),
      };
    }
    const problem = nameProblem(name);
    if (problem !== null) return { ok: false, problem: badInput(`${what} "${name}": ${problem}`) };
    const key = what === 'header' ? name.toLowerCase() : name;
    if (seen.has(key))
      return { ok: false, problem: badInput(`The ${what} ${name} appears twice.`, 'Keep one row per name.') };
    seen.add(key);
    names.push(name);
    values.push(row.value);
  }
  return { ok: true, names, values };
}

export function buildLocalRequest(local: LocalTarget): BuildResult {
  const words = localWords(local);
  if (!words.ok)
    return badInput(
      `The command line cannot be split: ${words.error}`,
      'Close the quote, or use Command + arguments.',
      'command',
    );
  const [command, ...args] = words.words;
  if (command === undefined)
    return badInput(
      'Type the command that starts the server.',
      'For example: npx -y @modelcontextprotocol/server-everything',
      'command',
    );
  const rows = collectRows(local.env, 'environment variable', envNameProblem);
  if (!rows.ok) return rows.problem;
  const env: Record<string, string | null> = {};
  rows.names.forEach((name, i) => {
    const value = rows.values[i] ?? '';
    env[name] = value === '' ? null : value;
  });
  const cwd = local.cwd.trim();
  return checked({
    transport: 'stdio',
    command,
    args,
    env,
    ...(cwd === '' ? {} : { cwd }),
    ...(local.inSandbox === true ? { sandbox: true } : {}),
    ...capabilityFields(local),
  });
}

export function buildHostedRequest(hosted: HostedTarget): BuildResult {
  const url = hosted.url.trim();
  if (url === '')
    return badInput('Type the URL of the MCP endpoint.', 'For example: https://mcp.example.com/mcp', 'url');
  const rows = collectRows(hosted.headers, 'header', headerNameProblem);
  if (!rows.ok) return rows.problem;
  const headers: Record<string, string> = {};
  rows.names.forEach((name, i) => {
    headers[name] = rows.values[i] ?? '';
  });
  return checked({ transport: hosted.transport, url, headers, ...capabilityFields(hosted) });
}
