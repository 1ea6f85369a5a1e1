/** A CSP domain a UI resource declares that lets its page reach any origin, any subdomain, or plain http. */
import { raised, type Finding, type FlagDefinition } from '../finding';
import { some, type AppResourceFacts } from './facts';
import { domainProblem } from './origins';
import { CSP_FIELDS } from './vocabulary';

export const CSP_DOMAIN_DEFINITION: FlagDefinition<'app-csp-domain'> = {
  id: 'app-csp-domain',
  severity: 'medium',
  title: 'MCP App: broad or insecure CSP domain',
  meaning:
    'The UI resource\'s _meta.ui.csp declares a domain that is a wildcard ("*", a bare scheme: any origin), a subdomain wildcard, or not HTTPS/WSS. Hosts build the page\'s Content-Security-Policy from these lists (connectDomains is connect-src, resourceDomains the script, style, image, font and media sources, frameDomains frame-src), so the page may send what it holds, or load code, from there.',
  default: "Empty or omitted lists: no network access (the extension's secure default).",
  doesNotTell:
    'Whether the page uses that reach: its script may never connect anywhere. A subdomain wildcard may be needed for a CDN.',
  reference: 'MCP Apps extension (SEP-1865), McpUiResourceCsp (@modelcontextprotocol/ext-apps 2.x)',
};

export function cspDomainFindings(facts: AppResourceFacts): Finding<'app-csp-domain'>[] {
  const problems = CSP_FIELDS.flatMap((field) =>
    facts.ui.csp[field].flatMap((domain) => {
      const found = domainProblem(domain);
      return found === null ? [] : [{ ...found, field }];
    }),
  );
  if (problems.length === 0) return [];
  const serious = problems.some((problem) => problem.problem !== 'wildcard subdomain');
  const listed = problems.map(({ field, domain, problem }) => `${field} "${domain}" (${problem})`);
  return [raised(CSP_DOMAIN_DEFINITION, `Declares ${some(listed, 4)}.`, serious ? 'medium' : 'low')];
}
