/**
 * Configuration findings: what a client configuration says before anything is launched. Each has
 * a stable id, a severity, and an explanation in the style of lib/core/flags/catalogue.ts (what it means,
 * what it does not tell you, the reference). Messages name variables and headers, never values.
 */
import { z } from 'zod';
import type { FindingDefinition } from '../finding';
import { SEVERITIES, type Severity } from '../severity';
import { CLIENT_IDS, CLIENTS } from './clients';
import { entryFingerprint, type ConfigEntry, type EnvFileListing } from './entry';
import { insecureUrl, shellLaunch, unpinnedPackages } from './launch';
import { describeSecret, displayUrl, hasTokenShape, isPlaintextSecret, isSecretName, redactArgs } from './secrets';
import { envFileOutside, refsOf } from './sources';
import { hasVariable, type Need } from './variables';

export const CONFIG_FINDING_IDS = [
  'config-unreadable',
  'entry-rejected',
  'plaintext-secret',
  'unpinned-package',
  'insecure-url',
  'shell-launch',
  'duplicate-server',
  'needs-value',
  'variable-not-expanded',
  'env-file-outside-project',
  'caller-secret-passed',
] as const;
export type ConfigFindingId = (typeof CONFIG_FINDING_IDS)[number];

export const configFindingSchema = z.object({
  id: z.enum(CONFIG_FINDING_IDS),
  severity: z.enum(SEVERITIES),
  message: z.string(),
  client: z.enum(CLIENT_IDS),
  file: z.string(),
  line: z.number().int(),
  /** The server entry's name, or null for a finding about the whole file. */
  server: z.string().nullable(),
  entryId: z.string().nullable(),
});
export type ConfigFinding = z.infer<typeof configFindingSchema>;

export type ConfigFindingDefinition = FindingDefinition<ConfigFindingId>;

export const CONFIG_FINDING_DEFINITIONS: Record<ConfigFindingId, ConfigFindingDefinition> = {
  'config-unreadable': {
    id: 'config-unreadable',
    severity: 'high',
    title: 'The file is not valid for its client',
    meaning:
      'The file does not parse as the JSON its client expects (a syntax error, a comment where the client allows none, or no servers object). The client may load none of its servers. The entries that could be read are still listed.',
    doesNotTell: 'Which of the listed entries the client really loads: fix the file and scan again.',
    reference: 'RFC 8259 (JSON); each client documents whether it accepts comments',
  },
  'entry-rejected': {
    id: 'entry-rejected',
    severity: 'medium',
    title: 'An entry the client would reject',
    meaning:
      'The entry lacks what its client requires (a command, or a url with a transport type), or has a field of the wrong type. The client skips it or fails to start it; this scan cannot launch it either.',
    doesNotTell: 'What the author meant: the entry is reported as written.',
    reference: 'Each client’s documented configuration format (docs/config-import.md)',
  },
  'plaintext-secret': {
    id: 'plaintext-secret',
    severity: 'high',
    title: 'A secret written in plain text',
    meaning:
      'An environment value, header, argument or URL query holds what looks like a credential (a well-known token shape, or a secret-sounding name with a literal value). Anyone who can read the file, its backups or a shared project repository can use it. Reference a variable instead (${VAR}, ${env:VAR} or an input, as the client allows).',
    doesNotTell:
      'Whether the value is a live credential: the check recognises shapes and names only. The value is never shown, not even in part.',
    reference: 'OWASP Secrets Management Cheat Sheet; MCP security best practices (token handling)',
  },
  'unpinned-package': {
    id: 'unpinned-package',
    severity: 'medium',
    title: 'Package fetched without a pinned version',
    meaning:
      'The command downloads a package at launch (npx, bunx, pnpm dlx, uvx, pipx run, ...) without an exact version, or asks for @latest. Each start may run code nobody has reviewed: a new release, or a hijacked one, reaches your agent without a decision.',
    doesNotTell:
      'Whether the current release is safe, or that a pinned version is: only that the code can change under you.',
    reference: 'npm docs (npx package specs); uv docs (uvx package@version); supply-chain guidance such as OpenSSF',
  },
  'insecure-url': {
    id: 'insecure-url',
    severity: 'high',
    title: 'Remote server over plain http',
    meaning:
      'The server is reached over http:// on a host that is not this machine. Requests, tool results and any Authorization header cross the network unencrypted and can be read or changed on the way.',
    doesNotTell: 'Whether the host redirects to https: the first request and its headers are sent in clear either way.',
    reference: 'MCP specification, Authorization: communication security (HTTPS required)',
  },
  'shell-launch': {
    id: 'shell-launch',
    severity: 'medium',
    title: 'Launched through a shell',
    meaning:
      'The entry starts a shell (sh -c, bash -c, cmd /c, powershell -Command) with a command string. The string can chain commands, expand variables and redirect output: what runs is decided by shell text, not by a program and a list of arguments a reviewer can read.',
    doesNotTell: 'That the string is malicious: shells are often used for cd or source. Read the string.',
    reference: 'OWASP OS Command Injection Defense Cheat Sheet',
  },
  'duplicate-server': {
    id: 'duplicate-server',
    severity: 'medium',
    title: 'Same server name, different settings',
    meaning:
      'Several entries define a server with this name but differ in command, arguments, URL, environment or headers. Which one an agent talks to depends on the client and the project it runs in; a project file can silently replace the user’s own definition.',
    doesNotTell:
      'Which definition wins: clients order scopes differently (Claude Code: local, then project, then user).',
    reference: 'Claude Code docs, MCP scope hierarchy; each client’s configuration locations',
  },
  'needs-value': {
    id: 'needs-value',
    severity: 'info',
    title: 'A value must be supplied',
    meaning:
      'The entry references a variable that is not set here, an ${input:...} the client would ask for, or a form only the client resolves. Nothing is guessed: supply the value for this scan (it is used for the batch only, never stored or shown).',
    doesNotTell: 'Whether the server needs the value to list its tools: some start without it.',
    reference: 'Each client’s variable expansion rules (docs/config-import.md)',
  },
  'variable-not-expanded': {
    id: 'variable-not-expanded',
    severity: 'low',
    title: 'A variable reference the client passes literally',
    meaning:
      'The text contains ${...} but this client does not expand variables in its file (Claude Desktop): the server receives the characters "${...}" as the value.',
    doesNotTell: 'Whether the server expands it itself: most do not.',
    reference: 'modelcontextprotocol.io, Connect to local MCP servers (claude_desktop_config.json)',
  },
  'env-file-outside-project': {
    id: 'env-file-outside-project',
    severity: 'high',
    title: 'A project file loads variables from outside the project',
    meaning:
      'The entry comes from a file inside a project folder (a repository you cloned, say) and names an envFile outside that folder, such as ~/.env, directly or through a symbolic link. The client reads the file and hands every variable in it (API keys, cloud credentials) to the server the project chose, under names the entry itself never lists.',
    doesNotTell:
      'What the file holds or whether the server uses it: only that whoever wrote the project file chose which of your files feed the server. Check the path, or keep the variables the server needs in a file inside the project.',
    reference: 'VS Code docs, MCP servers: configuration format (envFile); Cursor docs, MCP configuration (envFile)',
  },
  'caller-secret-passed': {
    id: 'caller-secret-passed',
    severity: 'high',
    title: 'Passes a secret of your environment',
    meaning:
      'A value references a variable of the environment the client runs in whose name says it is a secret (GH_TOKEN, OPENAI_API_KEY, ...). At launch the client copies it into the server: into its environment under the same or another name, or into an argument, a header or the URL. Under another name, a listing of variable names does not show what is passed; in an argument, other local users can read it in the process list. From a project-level file the repository decided it (high when renamed, medium under its own name); in your own files low when renamed, info otherwise.',
    doesNotTell:
      'Whether the variable is set here, or what the server does with it: its value is never read for this finding and never shown.',
    reference:
      'MCP specification, Security best practices (token passthrough); each client’s variable expansion rules (docs/config-import.md)',
  },
};

type Located = Pick<ConfigFinding, 'client' | 'file' | 'line' | 'server' | 'entryId'>;

function at(entry: ConfigEntry): Located {
  return { client: entry.client, file: entry.file, line: entry.line, server: entry.name, entryId: entry.id };
}

function finding(id: ConfigFindingId, message: string, where: Located, severity?: Severity): ConfigFinding {
  return { id, severity: severity ?? CONFIG_FINDING_DEFINITIONS[id].severity, message, ...where };
}

/** Credentials written in the entry's env, headers and arguments. */
function writtenSecrets(entry: ConfigEntry, where: Located, literal: (text: string) => boolean): ConfigFinding[] {
  const out: ConfigFinding[] = [];
  for (const [name, value] of Object.entries(entry.env)) {
    if (literal(value) && isPlaintextSecret(name, value)) {
      out.push(finding('plaintext-secret', `env ${describeSecret(name, value)} is written in the file.`, where));
    }
  }
  for (const [name, value] of Object.entries(entry.headers)) {
    if (literal(value) && isPlaintextSecret(name, value)) {
      out.push(finding('plaintext-secret', `header ${describeSecret(name, value)} is written in the file.`, where));
    }
  }
  const { redacted } = redactArgs(entry.args);
  for (const index of redacted) {
    const arg = entry.args[index] ?? '';
    if (literal(arg)) {
      out.push(
        finding('plaintext-secret', `argument ${index + 1} looks like a credential (${arg.length} characters).`, where),
      );
    }
  }
  return out;
}

/** Credentials in the URL's query or password, and plain http to a remote host. */
function urlFindings(url: string, where: Located, literal: (text: string) => boolean): ConfigFinding[] {
  const out: ConfigFinding[] = [];
  try {
    const parsed = new URL(url);
    const secretQuery = [...parsed.searchParams.entries()].filter(
      ([name, value]) => literal(value) && (isPlaintextSecret(name, value) || hasTokenShape(value)),
    );
    for (const [name, value] of secretQuery) {
      out.push(finding('plaintext-secret', `URL query ${describeSecret(name, value)} is written in the file.`, where));
    }
    if (parsed.password !== '') {
      out.push(
        finding('plaintext-secret', `the URL carries a password (${parsed.password.length} characters).`, where),
      );
    }
  } catch {
    // An unexpanded or invalid URL is reported elsewhere.
  }
  if (insecureUrl(url)) {
    out.push(finding('insecure-url', `${displayUrl(url)} is plain http to a remote host.`, where));
  }
  return out;
}

/** Packages fetched unpinned at each launch, and a shell started with a command string. */
function launchFindings(command: string, args: readonly string[], where: Located): ConfigFinding[] {
  const out: ConfigFinding[] = [];
  for (const pkg of unpinnedPackages(command, args)) {
    const why =
      pkg.problem === 'latest'
        ? 'asks for @latest'
        : pkg.problem === 'range'
          ? 'names a range or tag, not an exact version'
          : 'names no version';
    out.push(finding('unpinned-package', `${pkg.runner} ${pkg.spec} ${why}: each launch may fetch new code.`, where));
  }
  const shell = shellLaunch(command, args);
  if (shell !== null) {
    out.push(finding('shell-launch', `starts ${shell.shell} ${shell.flag} with a command string.`, where));
  }
  return out;
}

function needFinding(need: Need, where: Located): ConfigFinding {
  const what =
    need.kind === 'input'
      ? `\${${need.name}} (${need.description ?? 'asked by the client'})`
      : need.kind === 'env'
        ? `\${${need.name}}: ${need.name} is not set here`
        : `${need.key}: resolved only by the client`;
  return finding('needs-value', `needs a value for ${what}.`, where);
}

/** Findings about one entry, from its text alone (needs are computed by the caller's expansion). */
export function entryFindings(entry: ConfigEntry, needs: readonly Need[]): ConfigFinding[] {
  const where = at(entry);
  const syntax = CLIENTS[entry.client].variables;
  const literal = (text: string): boolean => !hasVariable(text, syntax) || syntax === 'none';
  const out = writtenSecrets(entry, where, literal);
  if (entry.url !== null) out.push(...urlFindings(entry.url, where, literal));
  if (entry.command !== null) out.push(...launchFindings(entry.command, entry.args, where));
  if (syntax === 'none') {
    const texts = [entry.command ?? '', ...entry.args, ...Object.values(entry.env), entry.url ?? ''];
    if (texts.some((text) => /\$\{[^}]+\}/.test(text))) {
      out.push(
        finding(
          'variable-not-expanded',
          `contains \${...}, which ${CLIENTS[entry.client].label} passes literally.`,
          where,
        ),
      );
    }
  }
  for (const need of needs) out.push(needFinding(need, where));
  return out;
}

/**
 * Where an entry sends what it does not list by name: an envFile outside its project (project-level
 * files), and every secret-named variable of the caller it references, with where the value lands.
 */
export function sourceFindings(
  entry: ConfigEntry,
  envFile: EnvFileListing | null,
  realProject: string | null = null,
): ConfigFinding[] {
  const out: ConfigFinding[] = [];
  const where = at(entry);
  const project = entry.scope === 'project';
  if (project && envFile !== null) {
    const outside = envFileOutside(entry, envFile, realProject);
    if (outside !== null) {
      out.push(
        finding(
          'env-file-outside-project',
          `envFile "${envFile.written}" is read from ${outside}, outside the project ${entry.project ?? ''}: every variable in it reaches the server.`,
          where,
        ),
      );
    }
  }
  // Where each value lands, and the variable it becomes (null: not an environment variable).
  const places: { place: string; value: string; envName: string | null }[] = [
    ...Object.entries(entry.env).map(([name, value]) => ({ place: `env ${name}`, value, envName: name })),
    ...Object.entries(entry.headers).map(([name, value]) => ({ place: `header ${name}`, value, envName: null })),
    ...entry.args.map((value, index) => ({ place: `argument ${index + 1}`, value, envName: null })),
    ...(entry.url === null ? [] : [{ place: 'the URL', value: entry.url, envName: null }]),
  ];
  for (const { place, value, envName } of places) {
    for (const ref of refsOf(entry, value)) {
      if (ref.kind !== 'env' || !isSecretName(ref.name)) continue;
      const renamed = envName !== ref.name;
      const severity: Severity = project ? (renamed ? 'high' : 'medium') : renamed ? 'low' : 'info';
      const how = renamed ? (envName === null ? '' : ', under another name') : '';
      const whose = project ? ' (set by the project’s file)' : '';
      out.push(
        finding(
          'caller-secret-passed',
          `${place} takes ${ref.written}, a secret-named variable of the caller${how}${whose}.`,
          where,
          severity,
        ),
      );
    }
  }
  return out;
}

/** One finding per entry that shares its name with a differently configured entry elsewhere. */
export function duplicateFindings(entries: readonly ConfigEntry[]): ConfigFinding[] {
  const byName = new Map<string, ConfigEntry[]>();
  for (const entry of entries) byName.set(entry.name, [...(byName.get(entry.name) ?? []), entry]);
  const out: ConfigFinding[] = [];
  for (const [name, group] of byName) {
    if (new Set(group.map(entryFingerprint)).size < 2) continue;
    for (const entry of group) {
      const others = group
        .filter((other) => other !== entry && entryFingerprint(other) !== entryFingerprint(entry))
        .map((other) => `${CLIENTS[other.client].label} ${other.file}:${other.line}`);
      out.push(
        finding('duplicate-server', `"${name}" is also defined differently in ${others.join(', ')}.`, at(entry)),
      );
    }
  }
  return out;
}

export function fileFinding(
  id: 'config-unreadable' | 'entry-rejected',
  message: string,
  where: {
    client: ConfigFinding['client'];
    file: string;
    line: number;
    server?: string | null;
    entryId?: string | null;
  },
): ConfigFinding {
  return finding(id, message, { server: null, entryId: null, ...where });
}
