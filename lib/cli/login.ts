/**
 * `--login` for `audit --url` and `oauth`: the OAuth check, then the sign-in on the authorization
 * server's page (lib/server/sign-in/), with the redirect coming back to a listener on 127.0.0.1 and
 * a random port. The URL to open goes to stderr (and to the browser unless --no-open); the wait is
 * bounded. `--login client-credentials`: no browser, the client's own id and secret at the token
 * endpoint (client-credentials.ts). The token is used for the audit's requests only, as an
 * Authorization header, which the audit redacts like any header value, and the client secret is
 * redacted too: neither is printed, written or logged. Loaded lazily by main.ts.
 */
import { readFileSync } from 'node:fs';
import { withCallProbeFinding, type CallProbe } from '../core/oauth/call-probe';
import type { OAuthReport } from '../core/oauth/schemas';
import { answersWithoutAuth } from '../core/oauth/list-tools-gate';
import type { SignInFacts } from '../core/oauth/sign-in';
import type { Report } from '../core/report/report';
import { runAudit } from '../server/audit/audit';
import type { AuditOptions } from '../server/audit/audit-options';
import { AuditError } from '../server/errors';
import { checkOAuth } from '../server/mcp/oauth-discovery';
import { sendCallProbe } from '../server/sign-in/call-probe';
import { signInWithClientCredentials } from '../server/sign-in/client-credentials';
import { beginSignIn, finishSignIn, type SignedIn } from '../server/sign-in/flow';
import { listenForCallback } from '../server/sign-in/loopback-callback';
import { openBrowser } from '../server/sign-in/open-browser';
import type { AuditTargetSpec } from '../server/target-spec';
import type { LoginOptions } from './login-args';
import { terminalSafe } from './print/terminal';
import { auditWithStepUp } from './step-up';

export const LOGIN_WAIT_DEFAULT_MS = 300_000;

/** Where the sign-in talks to the user, and the environment a --client-secret-env NAME is read from. */
export interface LoginIo {
  stderr: NodeJS.WritableStream;
  callerEnv: Readonly<Record<string, string | undefined>>;
}

/** The client secret from --client-secret-env NAME or --client-secret-file PATH (its first line), or null. */
export function readClientSecret(login: LoginOptions, io: Pick<LoginIo, 'callerEnv'>): string | null {
  if (login.clientSecretEnv !== null) {
    const secret = io.callerEnv[login.clientSecretEnv] ?? '';
    if (secret === '')
      throw new AuditError('bad-input', `--client-secret-env ${login.clientSecretEnv}: that variable is not set.`);
    return secret;
  }
  const file = login.clientSecretFile ?? null;
  if (file === null) return null;
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'unreadable';
    throw new AuditError('bad-input', `--client-secret-file ${terminalSafe(file, 200)}: cannot be read (${code}).`);
  }
  const secret = (text.split(/\r?\n/)[0] ?? '').trim();
  if (secret === '')
    throw new AuditError('bad-input', `--client-secret-file ${terminalSafe(file, 200)}: its first line is empty.`);
  return secret;
}

/** Signs in for `url`: returns the OAuth check it started from and the signed-in target (tokens in memory). */
export async function signInForCli(
  url: string,
  login: LoginOptions,
  io: LoginIo,
  options: { timeoutMs?: number | undefined; signal?: AbortSignal | undefined; stepUpScopes?: string[] } = {},
): Promise<{ oauth: OAuthReport; signedIn: SignedIn }> {
  const oauth = await checkOAuth(url, options.signal === undefined ? {} : { signal: options.signal });
  const clientSecret = readClientSecret(login, io);
  if (login.grant === 'client-credentials') {
    const signedIn = await signInWithClientCredentials(oauth, url, {
      clientId: login.clientId ?? '',
      clientSecret: clientSecret ?? '',
      scopes: login.scopes,
      stepUpScopes: options.stepUpScopes ?? null,
      ...(options.signal === undefined ? {} : { fetch: { signal: options.signal } }),
    });
    io.stderr.write(
      `Signed in as client ${terminalSafe(login.clientId ?? '', 200)} at ${terminalSafe(signedIn.issuer, 400)} (client credentials); scopes granted: ${terminalSafe(signedIn.scopesGranted.join(' '), 1000) || '(none)'}\n`,
    );
    return { oauth, signedIn };
  }
  const callback = await listenForCallback();
  try {
    const { authorizationUrl, flow } = await beginSignIn(oauth, url, callback.redirectUri, {
      clientId: login.clientId,
      clientSecret,
      clientMetadataUrl: login.clientMetadataUrl,
      scopes: login.scopes,
      stepUpScopes: options.stepUpScopes ?? null,
      ...(options.signal === undefined ? {} : { fetch: { signal: options.signal } }),
    });
    io.stderr.write(`Open this URL to sign in:\n${terminalSafe(authorizationUrl, 8000)}\n`);
    if (login.open && !openBrowser(authorizationUrl))
      io.stderr.write('(could not open a browser: open the URL yourself)\n');
    const params = await callback.wait(flow.state, options.timeoutMs ?? LOGIN_WAIT_DEFAULT_MS, options.signal);
    const signedIn = await finishSignIn(flow, params);
    io.stderr.write(
      `Signed in at ${terminalSafe(signedIn.issuer, 400)}; scopes granted: ${terminalSafe(signedIn.scopesGranted.join(' '), 1000) || '(none)'}\n`,
    );
    return { oauth, signedIn };
  } finally {
    await callback.close();
  }
}

/** What the Report records about the sign-in: never a token. */
export function signInFacts(
  signedIn: SignedIn,
  anonymousToolCount: number | null,
  stepUps: SignInFacts['stepUps'] = [],
  callProbe: CallProbe | null = null,
): SignInFacts {
  return {
    authenticated: true,
    issuer: signedIn.issuer,
    clientIdentity: signedIn.clientIdentity,
    grant: signedIn.grant,
    scopesRequested: signedIn.scopesRequested,
    scopesGranted: signedIn.scopesGranted,
    anonymousToolCount,
    stepUps,
    callProbe,
  };
}

/**
 * `audit --url URL --login`: sign in, list anonymously too when the server answers without a token
 * (both counts are reported), then audit with the token, then (unless --no-call-probe) send the
 * call probe: one tools/call for a made-up tool name (lib/core/oauth/call-probe.ts). Its
 * insufficient_scope refusal leads to a step-up like a list's.
 */
export async function auditWithLogin(
  target: Extract<AuditTargetSpec, { url: string }>,
  login: LoginOptions,
  options: AuditOptions,
  io: LoginIo,
  waitMs: number | undefined,
): Promise<Report> {
  const { oauth, signedIn } = await signInForCli(target.url, login, io, { timeoutMs: waitMs, signal: options.signal });
  const secret = readClientSecret(login, io);
  options = { ...options, secrets: [...(options.secrets ?? []), ...(secret === null ? [] : [secret])] };
  const anonymous = answersWithoutAuth(oauth) ? await runAudit(target, { ...options, includeOAuth: false }) : null;
  // A request refused with 403 insufficient_scope: sign in again for the wider scopes (step-up.ts).
  let callProbe: CallProbe | null = null;
  const run = await auditWithStepUp(
    signedIn,
    async (token, fetchImpl) => {
      const signedInTarget = { ...target, headers: { ...target.headers, Authorization: `Bearer ${token}` } };
      const report = await runAudit(signedInTarget, { ...options, includeOAuth: false, fetch: fetchImpl });
      callProbe =
        login.callProbe === false || report.errors.length > 0
          ? null
          : await sendCallProbe(
              signedInTarget,
              report.tools.map((tool) => tool.name),
              { fetch: fetchImpl, signal: options.signal, timeoutMs: options.requestTimeoutMs },
            );
      return report;
    },
    async (scopes) =>
      (await signInForCli(target.url, login, io, { timeoutMs: waitMs, signal: options.signal, stepUpScopes: scopes }))
        .signedIn,
    io.stderr,
    options.fetch,
  );
  const anonymousCount = anonymous !== null && anonymous.errors.length === 0 ? anonymous.summary.tools : null;
  return {
    ...run.report,
    oauth: withCallProbeFinding(oauth, callProbe),
    signIn: signInFacts(run.signedIn, anonymousCount, run.stepUps, callProbe),
  };
}
