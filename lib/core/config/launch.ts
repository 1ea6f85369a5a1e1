/**
 * What a stdio entry's command line says before anything runs: a package fetched at launch without
 * a pinned version (npx, bunx, pnpm dlx, yarn dlx, uvx, pipx run), or a launch through a shell
 * (sh -c, cmd /c, powershell -Command) whose text no reviewer sees as separate arguments.
 */

export type PinProblem = 'no-version' | 'latest' | 'range';

export interface UnpinnedPackage {
  runner: string;
  spec: string;
  problem: PinProblem;
}

/** The program name without directory or Windows extension, lower-case. */
export function programName(command: string): string {
  const base = command.split(/[\\/]/).at(-1) ?? command;
  return base.replace(/\.(?:cmd|exe|bat|ps1)$/i, '').toLowerCase();
}

const EXACT_SEMVER = /^v?\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?(?:\+[0-9A-Za-z.-]+)?$/;
const NOT_REGISTRY = /^(?:\.{0,2}[\\/]|[A-Za-z]:[\\/]|file:|git(?:\+\w+)?:|https?:|github:|[\w.-]+\/[\w.-]+#)/;

function npmPin(spec: string): PinProblem | null {
  if (NOT_REGISTRY.test(spec)) return null;
  const at = spec.indexOf('@', spec.startsWith('@') ? 1 : 0);
  if (at === -1) return 'no-version';
  const version = spec.slice(at + 1);
  if (version === '') return 'no-version';
  if (version === 'latest') return 'latest';
  return EXACT_SEMVER.test(version) ? null : 'range';
}

function pythonPin(spec: string): PinProblem | null {
  if (NOT_REGISTRY.test(spec)) return null;
  const at = /@(.*)$/.exec(spec);
  if (at !== null) {
    const version = at[1] ?? '';
    if (version === 'latest') return 'latest';
    return EXACT_SEMVER.test(version) || /^\d+(?:\.\d+)*$/.test(version) ? null : 'range';
  }
  if (/===?\s*[\w.+-]+$/.test(spec)) return null;
  return /[<>~!]=?|\*/.test(spec) ? 'range' : 'no-version';
}

/** Options that take a value, per runner (so the value is not read as the package). */
const VALUE_OPTIONS: Record<string, readonly string[]> = {
  npm: ['--package', '-p', '--registry', '--cache', '--userconfig', '-c', '--call'],
  python: ['--from', '--with', '--python', '-p', '--index-url', '--extra-index-url', '--spec', '--directory'],
};

function packageArgs(args: readonly string[], kind: 'npm' | 'python', explicit: readonly string[]): string[] {
  const found: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] ?? '';
    const eq = arg.indexOf('=');
    const flag = eq > 0 ? arg.slice(0, eq) : arg;
    if (explicit.includes(flag)) {
      const value = eq > 0 ? arg.slice(eq + 1) : args[i + 1];
      if (value !== undefined) found.push(value);
      if (eq <= 0) i++;
      continue;
    }
    if (arg === '--') {
      const next = args[i + 1];
      if (found.length === 0 && next !== undefined) found.push(next);
      break;
    }
    if (arg.startsWith('-')) {
      if (eq <= 0 && VALUE_OPTIONS[kind]?.includes(arg) === true) i++;
      continue;
    }
    // The first positional is the package, unless --package/--from named it (then it is the binary).
    if (found.length === 0) found.push(arg);
    break;
  }
  return found;
}

/** Packages fetched at launch without an exact version, or [] when the command pins everything. */
export function unpinnedPackages(command: string, args: readonly string[]): UnpinnedPackage[] {
  const program = programName(command);
  let runner: string | null = null;
  let rest: readonly string[] = args;
  let kind: 'npm' | 'python' = 'npm';
  if (program === 'npx' || program === 'bunx' || program === 'pnpx') runner = program;
  else if ((program === 'pnpm' || program === 'yarn') && args[0] === 'dlx')
    [runner, rest] = [`${program} dlx`, args.slice(1)];
  else if (program === 'bun' && args[0] === 'x') [runner, rest] = ['bun x', args.slice(1)];
  else if (program === 'npm' && args[0] === 'exec') [runner, rest] = ['npm exec', args.slice(1)];
  else if (program === 'uvx') [runner, kind] = ['uvx', 'python'];
  else if (program === 'uv' && args[0] === 'tool' && args[1] === 'run')
    [runner, rest, kind] = ['uv tool run', args.slice(2), 'python'];
  else if (program === 'pipx' && args[0] === 'run') [runner, rest, kind] = ['pipx run', args.slice(1), 'python'];
  if (runner === null) return [];
  const explicit = kind === 'npm' ? ['--package', '-p'] : ['--from', '--spec'];
  const specs = packageArgs(rest, kind, explicit);
  const problems: UnpinnedPackage[] = [];
  for (const spec of specs) {
    const problem = kind === 'npm' ? npmPin(spec) : pythonPin(spec);
    if (problem !== null) problems.push({ runner, spec, problem });
  }
  return problems;
}

const SHELLS = ['sh', 'bash', 'zsh', 'dash', 'ksh', 'fish', 'ash'];

/** The shell and its switch when the entry launches through a shell, else null. */
export function shellLaunch(command: string, args: readonly string[]): { shell: string; flag: string } | null {
  const program = programName(command);
  if (SHELLS.includes(program)) {
    const flag = args.find((arg) => /^-[a-zA-Z]*c[a-zA-Z]*$/.test(arg));
    return flag === undefined ? null : { shell: program, flag };
  }
  if (program === 'cmd') {
    const flag = args.find((arg) => /^\/[ck]$/i.test(arg));
    return flag === undefined ? null : { shell: 'cmd', flag };
  }
  if (program === 'powershell' || program === 'pwsh') {
    const flag = args.find((arg) => /^-(?:c|command|e|ec|encodedcommand)$/i.test(arg));
    return flag === undefined ? null : { shell: program, flag };
  }
  return null;
}

const LOOPBACK_HOST = /^(?:localhost|127(?:\.\d{1,3}){3}|\[::1\])$/i;

/** A remote URL sent over plain http to something other than this machine. */
export function insecureUrl(raw: string): boolean {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return false;
  }
  return url.protocol === 'http:' && !LOOPBACK_HOST.test(url.hostname);
}
