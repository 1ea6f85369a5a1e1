/**
 * The environment an audited stdio server receives: the SDK's default allowlist (HOME, LOGNAME,
 * PATH, SHELL, TERM, USER on Linux and macOS) plus exactly the variables the user named. Never the
 * whole parent environment: the server is software nobody has decided to trust yet.
 */
import { DEFAULT_INHERITED_ENV_VARS } from './inherited-env';
import { isEnvName } from '../core/names';
import { AuditError } from './errors';

/** `NAME` passes NAME from the caller's environment; `NAME=value` sets a value. */
export interface EnvSpec {
  name: string;
  value?: string;
}

/** Parses `--env` arguments: `NAME` or `NAME=value`. */
export function parseEnvSpec(text: string): EnvSpec {
  const eq = text.indexOf('=');
  const name = eq === -1 ? text : text.slice(0, eq);
  if (!isEnvName(name)) {
    throw new AuditError('bad-input', `"${name.slice(0, 64)}" is not a valid environment variable name.`, {
      hint: 'Use --env NAME to pass NAME from your environment, or --env NAME=value to set it (NAME: letters, digits and _).',
    });
  }
  if (name === '__proto__') {
    throw new AuditError('bad-input', 'The name __proto__ cannot be passed: JavaScript objects treat it specially.', {
      hint: 'No server should need it; rename the variable.',
    });
  }
  return eq === -1 ? { name } : { name, value: text.slice(eq + 1) };
}

/**
 * The caller's value of NAME, looked up as an own property: `constructor` or `toString` are
 * variables like any other, never the methods every JavaScript object inherits.
 */
export function envValue(env: Readonly<Record<string, string | undefined>>, name: string): string | undefined {
  if (!Object.hasOwn(env, name)) return undefined;
  const value = env[name];
  return typeof value === 'string' ? value : undefined;
}

export interface ChildEnv {
  env: Record<string, string>;
  /** Names passed beyond the allowlist, in the order named (for the report; never values). */
  names: string[];
  /** Names the user asked to pass that are not set in the caller's environment. */
  missing: string[];
}

export function childEnvironment(
  specs: readonly EnvSpec[],
  callerEnv: Readonly<Record<string, string | undefined>>,
): ChildEnv {
  // No prototype: every name is a plain own key, none is inherited or special.
  const env = Object.create(null) as Record<string, string>;
  for (const key of DEFAULT_INHERITED_ENV_VARS) {
    const value = envValue(callerEnv, key);
    // Exported shell functions ("() { ...") are skipped, as the SDK does.
    if (value !== undefined && !value.startsWith('()')) env[key] = value;
  }
  const names: string[] = [];
  const missing: string[] = [];
  for (const spec of specs) {
    const value = spec.value ?? envValue(callerEnv, spec.name);
    if (value === undefined) {
      missing.push(spec.name);
      continue;
    }
    env[spec.name] = value;
    if (!names.includes(spec.name)) names.push(spec.name);
  }
  return { env, names, missing };
}
