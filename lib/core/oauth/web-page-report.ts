/**
 * The OAuth report of a URL that is a web page, not an MCP endpoint (lib/core/web-page.ts): the
 * endpoint's answers and the probes, one web-page finding, and lessons that say so. Nothing about
 * authorization is judged: an HTML page answering 200 is not "a server that answers without
 * authorization", a GET answered with a page is not an event stream, and a site's page at a
 * well-known path is not broken protected-resource metadata.
 */
import { WEB_PAGE_VERDICT, isWebPage, mediaType } from '../web-page';
import type { AddFinding, Finding } from './findings';
import type { OAuthEvidence, OAuthReport } from './schemas';

/** True when the endpoint's answers to POST initialize and GET are a web page's. */
export function endpointIsWebPage(evidence: Pick<OAuthEvidence, 'initialize' | 'get'>): boolean {
  return isWebPage([
    evidence.initialize,
    { status: evidence.get.status, contentType: evidence.get.contentType ?? null },
  ]);
}

function answered(method: string, answer: { status: number | null; contentType?: string | null | undefined }): string {
  if (answer.status === null) return `${method} got no answer`;
  const type = mediaType(answer.contentType);
  return `${method} answered ${answer.status}${type === '' ? '' : ` (${type})`}`;
}

export function webPageReport(
  evidence: OAuthEvidence,
  reachable: boolean,
  findings: Finding[],
  add: AddFinding,
): OAuthReport {
  const how = `${answered('POST initialize', evidence.initialize)}; ${answered('GET', evidence.get)}`;
  add('web-page', `${how}: ${WEB_PAGE_VERDICT}.`);
  return {
    url: evidence.displayUrl,
    discovery: 'none',
    reachable,
    probes: evidence.probes,
    challenge: null,
    protectedResource: { url: null, document: null, used: false },
    authorizationServers: [],
    scopes: [],
    scopeSource: 'none',
    offeredScopes: [],
    challengeScopes: [],
    findings,
    webPage: true,
    lessons: {
      issuer: `Not judged: ${WEB_PAGE_VERDICT.charAt(0).toLowerCase()}${WEB_PAGE_VERDICT.slice(1)}.`,
      scopes: 'Not judged: no MCP endpoint answered.',
      transport: `${how}: ${WEB_PAGE_VERDICT.charAt(0).toLowerCase()}${WEB_PAGE_VERDICT.slice(1)}.`,
    },
  };
}
