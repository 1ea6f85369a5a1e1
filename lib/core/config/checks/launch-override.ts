/**
 * launch-override: the entry changes which program, or which code, its launch runs, behind a command
 * line that reads as usual (issue 48): its env sets a variable the loader, the shell or a package
 * runner obeys (PATH, NODE_OPTIONS, LD_PRELOAD, PYTHONPATH, npm_config_*, uv and pip index settings),
 * or its command is a launcher (npx, node, uvx, python) taken from a folder of the project. High in a
 * project's file (a repository you cloned decides what runs on your machine), low in your own.
 */
import type { ConfigEntry } from '../entry';
import { programName } from '../launch';
import { at, located, type ConfigRule, type RaisedConfigFinding } from './rule';

/** The variables that change what a launch runs, each with what it changes. */
const OVERRIDES: readonly { name: RegExp; changes: string }[] = [
  { name: /^PATH$/i, changes: 'which program a command name such as npx, node or uvx runs' },
  {
    name: /^NODE_OPTIONS$/i,
    changes: 'the options every Node.js process starts with (--require and --import load code first)',
  },
  { name: /^NODE_PATH$/i, changes: 'where Node.js finds the modules it loads' },
  { name: /^LD_PRELOAD$/i, changes: 'a library loaded into every program the launch starts' },
  { name: /^LD_LIBRARY_PATH$/i, changes: 'where programs load their shared libraries from' },
  {
    name: /^DYLD_(?:INSERT_LIBRARIES|LIBRARY_PATH|FRAMEWORK_PATH)$/i,
    changes: 'the libraries macOS loads into every program the launch starts',
  },
  { name: /^PYTHONPATH$/i, changes: "where Python imports modules from (a module there replaces the package's own)" },
  { name: /^PYTHONHOME$/i, changes: 'which Python standard library is loaded' },
  { name: /^PYTHONSTARTUP$/i, changes: 'a Python file run before the server' },
  { name: /^npm_config_/i, changes: 'an npm setting (registry, prefix, userconfig...): what npx fetches and runs' },
  {
    name: /^(?:UV|PIP)_(?:INDEX|INDEX_URL|EXTRA_INDEX_URL|DEFAULT_INDEX|FIND_LINKS|TRUSTED_HOST|NO_INDEX|CONFIG_FILE)$/i,
    changes: 'where uv or pip fetches the package from',
  },
  { name: /^(?:BASH_ENV|ENV)$/, changes: 'a file every shell the launch starts runs first' },
  { name: /^(?:PERL5OPT|PERL5LIB|RUBYOPT|RUBYLIB)$/, changes: 'code Perl or Ruby loads before the server' },
  { name: /^JAVA_TOOL_OPTIONS$/, changes: 'the options (agents included) every Java program starts with' },
];

/** Programs that run other code by name: taken from the project, they are the project's program. */
const LAUNCHERS = new Set([
  'npx',
  'npm',
  'pnpm',
  'pnpx',
  'yarn',
  'bun',
  'bunx',
  'deno',
  'node',
  'uv',
  'uvx',
  'pipx',
  'python',
  'python3',
  'docker',
  'podman',
]);

const isAbsolute = (path: string): boolean => /^(?:[\\/]|[A-Za-z]:[\\/])/.test(path);

/** The launcher the command takes from a folder of the project (a relative path, or one inside it), or null. */
function projectLauncher(entry: ConfigEntry): string | null {
  const command = entry.command;
  if (command === null || !/[\\/]/.test(command)) return null;
  const program = programName(command);
  if (!LAUNCHERS.has(program)) return null;
  const inProject =
    !isAbsolute(command) || (entry.project !== null && command.startsWith(`${entry.project.replace(/[\\/]+$/, '')}/`));
  return inProject ? program : null;
}

function overrides(entry: ConfigEntry): RaisedConfigFinding<'launch-override'>[] {
  const project = entry.scope === 'project';
  const severity = project ? 'high' : 'low';
  const whose = project ? ' (set by the project’s file)' : '';
  const out: RaisedConfigFinding<'launch-override'>[] = [];
  for (const name of Object.keys(entry.env)) {
    const override = OVERRIDES.find((candidate) => candidate.name.test(name));
    if (override !== undefined)
      out.push(
        located(launchOverride.definition, `env ${name}${whose} changes ${override.changes}.`, at(entry), severity),
      );
  }
  const launcher = projectLauncher(entry);
  if (launcher !== null)
    out.push(
      located(
        launchOverride.definition,
        `the command is a ${launcher} taken from the project's folder (${entry.command ?? ''}), not the one installed on this machine.`,
        at(entry),
        severity,
      ),
    );
  return out;
}

export const launchOverride: ConfigRule<'launch-override'> = {
  definition: {
    id: 'launch-override',
    severity: 'high',
    title: 'Changes which program or code the launch runs',
    meaning:
      "The entry's environment sets a variable that decides what runs (PATH picks the program a command name runs; NODE_OPTIONS, LD_PRELOAD, PYTHONPATH, NODE_PATH load code before the server; npm_config_*, UV_*/PIP_* index settings change where a package comes from), or its command is a launcher such as npx or node taken from the project's folder. The command line reads as usual while something else runs. High in a project's file: the repository decides what runs on your machine; low in your own file. scan --yes and the dashboard's Select all never start such a project entry: choose it by name.",
    doesNotTell:
      'Whether the change is hostile (a PATH that adds a tool folder is common in your own files). Read the value in the file: it is never shown here.',
    reference:
      'MCP security best practices (local MCP server compromise); the loaders and package runners each variable steers (ld.so(8), Node.js CLI, Python, npm config, uv and pip docs)',
  },
  looks: 'entry',
  check: ({ entry }) => overrides(entry),
};
