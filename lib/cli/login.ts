/**
 * `--login` for `audit --url` and `oauth`: the OAuth check, then the sign-in on the authorization
 * server's page (lib/server/sign-in/), with the redirect coming back to a listener on 127.0.0.1 and
 * a random port. The URL to open goes to stderr (and to the browser unless --no-open); the wait is
 * bounded. The token is used for the audit's requests only, as an Authorization header, which the
 * audit redacts like any header value: it is never printed, written or logged. Loaded lazily by main.ts.
 */
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
import { beginSignIn, finishSignIn, type SignedIn } from '../server/sign-in/flow';
import { listenForCallback } from '../server/sign-in/loopback-callback';
import { openBrowser } from '../server/sign-in/open-browser';
import type { AuditTargetSpec } from '../server/target-spec';
import type { LoginOptions } from './args';
import { terminalSafe } from './print/terminal';
import { auditWithStepUp } from './step-up';

export const LOGIN_WAIT_DEFAULT_MS = 300_000;

/** Where the sign-in talks to the user, and the environment a --client-secret-env NAME is read from. */
export interface LoginIo {
  stderr: NodeJS.WritableStream;
  callerEnv: Readonly<Record<string, string | undefined>>;
}

/** Signs in for `url`: returns the OAuth check it started from and the signed-in target (tokens in memory). */
export async function signInForCli(
  url: string,
  login: LoginOptions,
  io: LoginIo,
  options: { timeoutMs?: number | undefined; signal?: AbortSignal | undefined; stepUpScopes?: string[] } = {},
): Promise<{ oauth: OAuthReport; signedIn: SignedIn }> {
  const oauth = await checkOAuth(url, options.signal === undefined ? {} : { signal: options.signal });
  let clientSecret: string | null = null;
  if (login.clientSecretEnv !== null) {
    clientSecret = io.callerEnv[login.clientSecretEnv] ?? null;
    if (clientSecret === null || clientSecret === '')
      throw new AuditError('bad-input', `--client-secret-env ${login.clientSecretEnv}: that variable is not set.`);
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
