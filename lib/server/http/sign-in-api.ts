/**
 * The dashboard's sign-in routes (thin wrappers in app/api/sign-in/):
 * - POST /api/sign-in {url, scopes?, stepUpScopes?, clientId?}: the OAuth check, then a flow whose
 *   redirect comes back to this dashboard's own loopback callback; answers {handle, authorizationUrl}.
 *   stepUpScopes: "Sign in with the wider scope" after a 403 insufficient_scope (the union the
 *   refusal and the granted scopes make), asked for as is. Bearer.
 * - GET /api/sign-in/callback?code&state&iss: the redirect from the authorization server. It arrives
 *   as a cross-site navigation WITHOUT the dashboard's Bearer token, so access.ts lets exactly this
 *   GET through after the Host check; here it may only complete a flow this process started (state
 *   bound to the pending flow, single use, 10-minute expiry). Its pages are static, carry no script
 *   and reveal nothing (not even whether a state existed).
 * - GET /api/sign-in/status?handle: pending, signed in (issuer, scopes granted) or failed. Bearer.
 * - POST /api/sign-in/sign-out {handle}: forgets the tokens. Bearer.
 * Tokens never appear in any answer.
 */
import { z } from 'zod';
import { readCallbackParams } from '../../core/oauth/sign-in';
import { SCOPE_TOKEN } from '../../core/oauth/step-up';
import { describeIssues } from '../../core/api/audit-request';
import { SIGN_IN_CALLBACK_PATH } from './access';
import { AuditError } from '../errors';
import { busyResponse, tryStartWork } from '../audit/concurrency';
import { checkOAuth } from '../mcp/oauth-discovery';
import { BODY_TOO_LARGE, bodyCapFor, readBodyCapped } from './request-body';
import { dashboardSignIns } from '../sign-in/dashboard-sign-ins';
import { beginSignIn, finishSignIn } from '../sign-in/flow';

const startSchema = z.strictObject({
  url: z.url({ protocol: /^https?$/, error: 'an http or https URL' }).max(4096),
  scopes: z.array(z.string().min(1).max(200)).max(50).optional(),
  stepUpScopes: z
    .array(z.string().max(200).regex(SCOPE_TOKEN, 'a scope (RFC 6749 §3.3: printable, no space or quote)'))
    .min(1)
    .max(50)
    .optional(),
  clientId: z.string().min(1).max(500).optional(),
  /** A confidential client's secret, typed by the user: used for this sign-in only, never stored or echoed. */
  clientSecret: z.string().min(1).max(2000).optional(),
});
const handleSchema = z.strictObject({ handle: z.string().min(1).max(100) });

const NO_STORE = { 'Cache-Control': 'no-store' };

function jsonError(status: number, code: string, message: string): Response {
  return Response.json({ error: { code, message } }, { status, headers: NO_STORE });
}

async function readJson(request: Request): Promise<{ ok: true; value: unknown } | { ok: false; response: Response }> {
  if (!/^application\/json\b/i.test(request.headers.get('content-type') ?? ''))
    return { ok: false, response: jsonError(415, 'bad-input', 'Send JSON (Content-Type: application/json).') };
  const read = await readBodyCapped(request, bodyCapFor('POST', new URL(request.url).pathname));
  if (!read.ok) return { ok: false, response: jsonError(413, 'bad-input', BODY_TOO_LARGE) };
  try {
    return { ok: true, value: JSON.parse(read.text) };
  } catch {
    return { ok: false, response: jsonError(400, 'bad-input', 'The request body is not valid JSON.') };
  }
}

const LOOPBACK_NAMES = new Set(['127.0.0.1', 'localhost', '[::1]']);

/**
 * The origin the redirect comes back to: the one the page was opened with (its Host header, which
 * access.ts checked), when that is a loopback name on this dashboard's port; else the origin Next.js
 * gives the request. A sign-in started from 127.0.0.1 comes back to 127.0.0.1, never to localhost.
 */
export function callbackOrigin(request: Request): string {
  const served = new URL(request.url);
  const host = request.headers.get('host')?.toLowerCase();
  if (host === undefined) return served.origin;
  if (!URL.canParse(`http://${host}`)) return served.origin;
  const opened = new URL(`http://${host}`);
  const samePort = opened.port === served.port;
  return LOOPBACK_NAMES.has(opened.hostname) && samePort && opened.host === host ? opened.origin : served.origin;
}

export async function handleSignInStart(request: Request): Promise<Response> {
  const body = await readJson(request);
  if (!body.ok) return body.response;
  const parsed = startSchema.safeParse(body.value);
  if (!parsed.success) return jsonError(400, 'bad-input', `Not a valid sign-in: ${describeIssues(parsed.error)}.`);
  const redirectUri = `${callbackOrigin(request)}${SIGN_IN_CALLBACK_PATH}`;
  // The check and the client registration hold outbound sockets: one slot of the dashboard's cap.
  const release = tryStartWork();
  if (release === null) return busyResponse();
  try {
    const oauth = await checkOAuth(parsed.data.url, { signal: request.signal });
    const { authorizationUrl, flow } = await beginSignIn(oauth, parsed.data.url, redirectUri, {
      clientId: parsed.data.clientId ?? null,
      clientSecret: parsed.data.clientId === undefined ? null : (parsed.data.clientSecret ?? null),
      scopes: parsed.data.scopes ?? null,
      stepUpScopes: parsed.data.stepUpScopes ?? null,
    });
    const handle = dashboardSignIns().start(parsed.data.url, oauth, flow);
    return Response.json({ handle, authorizationUrl }, { headers: NO_STORE });
  } catch (error) {
    if (error instanceof AuditError) return jsonError(422, error.code, error.message);
    throw error;
  } finally {
    release();
  }
}

/** The callback page's policy: nothing loads (X-Frame-Options keeps it out of frames). */
export const CALLBACK_CSP = "default-src 'none'";

const PAGE_HEADERS = {
  'Content-Type': 'text/html; charset=utf-8',
  'Cache-Control': 'no-store',
  'Content-Security-Policy': CALLBACK_CSP,
  'Referrer-Policy': 'no-referrer',
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'DENY',
};

function page(status: number, title: string, text: string): Response {
  return new Response(
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title></head><body><h1 data-testid="callback-title">${title}</h1><p>${text}</p></body></html>`,
    { status, headers: PAGE_HEADERS },
  );
}

export async function handleSignInCallback(request: Request): Promise<Response> {
  const params = readCallbackParams(new URL(request.url).searchParams);
  const store = dashboardSignIns();
  const pending = store.pending.take(params.state);
  if (pending === null)
    return page(400, 'Not a sign-in in progress', 'This address only completes a sign-in this dashboard started.');
  try {
    store.complete(pending.handle, await finishSignIn(pending.flow, params));
    return page(200, 'Signed in', 'You can close this tab: the dashboard lists the tools now.');
  } catch (error) {
    store.fail(pending.handle, error instanceof AuditError ? error.message : 'The sign-in failed.');
    return page(400, 'The sign-in did not complete', 'The dashboard says why.');
  }
}

export function handleSignInStatus(request: Request): Response {
  const handle = new URL(request.url).searchParams.get('handle') ?? '';
  const status = dashboardSignIns().status(handle);
  if (status === null) return jsonError(404, 'bad-input', 'No such sign-in (signed out, or the dashboard restarted).');
  return Response.json(status, { headers: NO_STORE });
}

export async function handleSignOut(request: Request): Promise<Response> {
  const body = await readJson(request);
  if (!body.ok) return body.response;
  const parsed = handleSchema.safeParse(body.value);
  if (!parsed.success) return jsonError(400, 'bad-input', 'Send {"handle": "..."}.');
  const forgotten = dashboardSignIns().forget(parsed.data.handle);
  return Response.json({ signedOut: forgotten }, { headers: NO_STORE });
}
