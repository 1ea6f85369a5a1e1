/**
 * A hosted audit that stopped only because the server wants credentials nobody sent is a state to
 * act on, not a failure: the endpoint answered the unauthenticated POST initialize with 401 or 403
 * (MCP authorization spec 2025-11-25, "Authorization Flow Steps"), the listing stopped on an HTTP
 * answer before any page, and the audit carried no header and no sign-in. With a header or a
 * sign-in, the same refusal is a real failure (the credentials were not accepted).
 */
import { requiresAuthorization } from '../oauth/endpoint';
import type { OAuthReport } from '../oauth/schemas';
import type { Report } from './report';

export type SignInNeed = 'sign-in' | 'authorization' | null;

/**
 * 'sign-in' when the server's resource metadata is usable (the dashboard can sign in on its
 * authorization server), 'authorization' when only a header can help, null when the audit did not
 * stop for want of credentials.
 */
export function signInNeed(report: Pick<Report, 'oauth' | 'errors' | 'pages' | 'signIn' | 'target'>): SignInNeed {
  const { oauth, target } = report;
  if (oauth == null || target.transport === 'stdio') return null;
  if (report.pages > 0 || report.signIn !== undefined || target.headerNames.length > 0) return null;
  if (report.errors.length === 0 || report.errors.some((problem) => problem.code !== 'http-error')) return null;
  const status = oauth.probes.find((probe) => probe.kind === 'endpoint-post')?.status ?? null;
  if (!requiresAuthorization(status)) return null;
  return oauth.protectedResource.used ? 'sign-in' : 'authorization';
}

/**
 * What the refusal means, for the sentence under the heading. A 401 to a request without
 * credentials is what a protected server does, so on its own nothing failed; but a high finding of
 * the same check (a made-up token accepted, say) is a failure whatever the refusal looked like, and
 * the page must not say "nothing failed" above it.
 */
export function refusalVerdict(oauth: Pick<OAuthReport, 'findings'>): string {
  const high = oauth.findings.filter((finding) => finding.severity === 'high');
  if (high.length === 0) return 'as a protected server does: nothing failed.';
  const ids = high.map((finding) => finding.id).join(', ');
  return `as a protected server does, but the check found ${String(high.length)} high-severity problem${high.length === 1 ? '' : 's'} (${ids}): read ${high.length === 1 ? 'it' : 'them'} below.`;
}
