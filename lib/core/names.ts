/**
 * The names a user gives with a target, checked the same way in the CLI, the API and the form:
 * environment variable names (POSIX: letters, digits and _, not starting with a digit) and HTTP
 * header names (a token, RFC 9110 §5.1 and §5.6.2).
 */

export const ENV_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
export const ENV_NAME_RULE = 'letters, digits and _, not starting with a digit';

/** One token character (RFC 9110 §5.6.2 tchar). */
export const TOKEN_CHAR = /[!#$%&'*+.^_`|~0-9A-Za-z-]/;
export const HEADER_NAME = new RegExp(`^${TOKEN_CHAR.source}+$`);
export const HEADER_NAME_RULE = 'letters, digits and - (a token: no spaces, colon or quotes)';

export function isEnvName(name: string): boolean {
  return ENV_NAME.test(name);
}

export function isHeaderName(name: string): boolean {
  return HEADER_NAME.test(name);
}
