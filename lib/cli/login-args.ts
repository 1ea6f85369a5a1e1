/**
 * `--login [authorization-code|client-credentials]` and its options. authorization-code (the
 * default) signs a person in on the authorization server's page; client-credentials signs a machine
 * client in with its own id and secret (no browser). A client secret is never an argument: only the
 * NAME of the variable holding it (--client-secret-env) or the PATH of a file holding it
 * (--client-secret-file). The grant word is taken out of argv before parseArgs (like --exercise's mode).
 */
import { closestName } from '../core/closest-name';
import { terminalSafe } from './print/terminal';

export const LOGIN_GRANTS = ['authorization-code', 'client-credentials'] as const;
export type LoginGrant = (typeof LOGIN_GRANTS)[number];

/** The sign-in options. A client secret is never an argument: a variable's name or a file's path. */
export interface LoginOptions {
  /** authorization-code: a person consents in a browser; client-credentials: the client's own credentials. */
  grant?: LoginGrant;
  open: boolean;
  clientId: string | null;
  clientSecretEnv: string | null;
  /** A file holding the secret (its first line), read at sign-in time. */
  clientSecretFile?: string | null;
  clientMetadataUrl: string | null;
  scopes: string[] | null;
  /** False with --no-call-probe: no deliberate tools/call for a made-up tool (lib/core/oauth/call-probe.ts). */
  callProbe?: boolean;
}

/** `--login GRANT` / `--login=GRANT` become `--login`, and the grant is returned (null: not given). */
export function takeLoginGrant(
  argv: readonly string[],
  usageError: (message: string) => Error,
): { argv: string[]; grant: LoginGrant | null } {
  const rest: string[] = [];
  let grant: LoginGrant | null = null;
  for (let i = 0; i < argv.length; i += 1) {
    const word = argv[i] ?? '';
    if (word === '--') {
      rest.push(...argv.slice(i));
      break;
    }
    const inline = word.startsWith('--login=') ? word.slice('--login='.length) : null;
    const next = argv[i + 1];
    const following = word === '--login' && next !== undefined && (LOGIN_GRANTS as readonly string[]).includes(next);
    if (inline !== null || following) {
      const given = inline ?? next ?? '';
      if (!(LOGIN_GRANTS as readonly string[]).includes(given)) {
        const near = closestName(given, LOGIN_GRANTS);
        throw usageError(
          `--login takes ${LOGIN_GRANTS.join(' or ')}, not "${terminalSafe(given, 80)}".${near === null ? '' : ` Did you mean ${near}?`}`,
        );
      }
      grant = given as LoginGrant;
      if (following) i += 1;
      rest.push('--login');
      continue;
    }
    rest.push(word);
  }
  return { argv: rest, grant };
}

const SECRET_OPTIONS =
  'Put it in a variable and pass --client-secret-env NAME, or in a file and pass --client-secret-file PATH.';

/** --login and its options; the sign-in options alone are a usage error, and so is a secret as an argument. */
export function parseLoginOptions(
  values: {
    login?: boolean | undefined;
    'no-open'?: boolean | undefined;
    'no-call-probe'?: boolean | undefined;
    'client-id'?: string | undefined;
    'client-secret-env'?: string | undefined;
    'client-secret-file'?: string | undefined;
    'client-secret'?: string | undefined;
    'client-metadata-url'?: string | undefined;
    scope?: string[] | undefined;
  },
  grant: LoginGrant | null,
  usageError: (message: string) => Error,
): LoginOptions | null {
  if (values['client-secret'] !== undefined)
    throw usageError(
      `--client-secret is not accepted: a secret on the command line lands in shell history and process lists. ${SECRET_OPTIONS}`,
    );
  const given = [
    'no-open',
    'no-call-probe',
    'client-id',
    'client-secret-env',
    'client-secret-file',
    'client-metadata-url',
    'scope',
  ].filter((name) => values[name as keyof typeof values] !== undefined);
  if (values.login !== true) {
    if (given.length > 0) throw usageError(`--${given[0] ?? ''} applies to --login.`);
    return null;
  }
  const secretEnv = values['client-secret-env'] ?? null;
  const secretFile = values['client-secret-file'] ?? null;
  if (secretEnv !== null && !/^[A-Za-z_][A-Za-z0-9_]*$/.test(secretEnv))
    throw usageError('--client-secret-env takes the NAME of an environment variable, not a value.');
  if (secretEnv !== null && secretFile !== null)
    throw usageError('Give the secret once: --client-secret-env NAME or --client-secret-file PATH.');
  if (secretFile === '') throw usageError('--client-secret-file takes the PATH of a file holding the secret.');
  if ((secretEnv !== null || secretFile !== null) && values['client-id'] === undefined)
    throw usageError(`--${secretEnv !== null ? 'client-secret-env' : 'client-secret-file'} goes with --client-id.`);
  const metadataUrl = values['client-metadata-url'] ?? null;
  if (metadataUrl !== null && !metadataUrl.startsWith('https://'))
    throw usageError('--client-metadata-url must be an https URL (the authorization server fetches it).');
  if (grant === 'client-credentials') {
    if (values['client-id'] === undefined || (secretEnv === null && secretFile === null))
      throw usageError(
        `--login client-credentials signs in as a client registered in advance: give --client-id ID and its secret. ${SECRET_OPTIONS}`,
      );
    if (metadataUrl !== null) throw usageError('--client-metadata-url applies to --login authorization-code.');
  }
  const scopes = (values.scope ?? []).flatMap((scope) => scope.split(/\s+/)).filter((scope) => scope !== '');
  return {
    grant: grant ?? 'authorization-code',
    open: values['no-open'] !== true,
    clientId: values['client-id'] ?? null,
    clientSecretEnv: secretEnv,
    clientSecretFile: secretFile,
    clientMetadataUrl: metadataUrl,
    scopes: scopes.length > 0 ? scopes : null,
    callProbe: values['no-call-probe'] !== true,
  };
}
