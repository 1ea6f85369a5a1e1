/**
 * The dashboard's side of POST /api/oauth-check: sends {url}, checks the answer with
 * oauthReportSchema and turns HTTP failures and malformed answers into problems with a code, a
 * message and what to try (AuditRequestError, as the audit stream does). Cancel by aborting the signal.
 */
import { oauthReportSchema, type OAuthReport } from '@/lib/core/oauth/schemas';
import { AuditRequestError, problemFromResponse } from '@/components/audit/audit-stream';
import { authHeaders } from '@/components/session/session-token';

function badAnswer(what: string): AuditRequestError {
  return new AuditRequestError({
    code: 'bad-answer',
    message: `The dashboard's answer to the authorization check ${what}.`,
    hint: 'The page and the dashboard server may be from different builds: reload the page and try again.',
  });
}

/**
 * Runs the unauthenticated OAuth check of `url`. Resolves with the report; rejects with
 * AuditRequestError for HTTP failures and malformed answers, and with the fetch error for network
 * failures or an abort.
 */
export async function requestOAuthCheck(url: string, signal: AbortSignal): Promise<OAuthReport> {
  const response = await fetch('/api/oauth-check', {
    method: 'POST',
    credentials: 'omit',
    headers: { ...authHeaders(), 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify({ url }),
    signal,
    cache: 'no-store',
  });
  if (!response.ok) throw new AuditRequestError(await problemFromResponse(response));
  let body: unknown;
  try {
    body = await response.json();
  } catch (error) {
    if (signal.aborted) throw error;
    throw badAnswer('was not JSON');
  }
  const report = typeof body === 'object' && body !== null && 'report' in body ? body.report : undefined;
  const parsed = oauthReportSchema.safeParse(report);
  if (!parsed.success) throw badAnswer('was not a valid OAuth report');
  return parsed.data;
}
