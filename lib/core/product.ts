/** The product's name and the environment variables it reads, defined once. */

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

/**
 * The value of `HINTCHECK_<name>`, with the variable it came from.
 * An empty value counts as set (the caller decides whether that is valid).
 */
export function productEnv(
  env: Readonly<Record<string, string | undefined>>,
  name: ProductEnvName,
): { value: string; variable: string } | undefined {
  const variable = ENV_PREFIX + name;
  const value = Object.prototype.hasOwnProperty.call(env, variable) ? env[variable] : undefined;
  return value === undefined ? undefined : { value, variable };
}
