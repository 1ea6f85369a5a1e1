/**
 * The product's name and the environment variables it reads, defined once.
 *
 * The project was called mcp-preflight until a same-named, unrelated npm package was found; the old
 * `PREFLIGHT_*` variables stay accepted as aliases so scripts written for it keep working.
 */

/** Package, CLI command, clientInfo and User-Agent name. */
export const PRODUCT_NAME = 'mcp-hintcheck';

/**
 * Every environment variable the product reads (without prefix). SCAN_HOME: the home folder whose
 * client configurations the dashboard's "Your servers" reads (default HOME); PROJECT: the project
 * folder it reads (default the dashboard's working directory); COMPILE_CACHE: where the CLI keeps
 * its compiled code between runs (a folder, or `off`; lib/cli/compile-cache.ts).
 */
export const PRODUCT_ENV_NAMES = ['TOKEN', 'CHROMIUM', 'DB', 'SCAN_HOME', 'PROJECT', 'COMPILE_CACHE'] as const;
export type ProductEnvName = (typeof PRODUCT_ENV_NAMES)[number];

export const ENV_PREFIX = 'HINTCHECK_';
/** Accepted as an alias of ENV_PREFIX: the name the project had before. */
export const LEGACY_ENV_PREFIX = 'PREFLIGHT_';

/** `HINTCHECK_<name>` */
export function productEnvVar(name: ProductEnvName): string {
  return ENV_PREFIX + name;
}

/**
 * The value of `HINTCHECK_<name>`, else of its alias `PREFLIGHT_<name>`, with the variable it came from.
 * An empty value counts as set (the caller decides whether that is valid).
 */
export function productEnv(
  env: Readonly<Record<string, string | undefined>>,
  name: ProductEnvName,
): { value: string; variable: string } | undefined {
  for (const variable of [ENV_PREFIX + name, LEGACY_ENV_PREFIX + name]) {
    if (Object.prototype.hasOwnProperty.call(env, variable)) {
      const value = env[variable];
      if (value !== undefined) return { value, variable };
    }
  }
  return undefined;
}
