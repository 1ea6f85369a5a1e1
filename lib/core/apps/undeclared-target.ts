/**
 * Where the UI page's source sends or loads from (fetch, XMLHttpRequest, WebSocket, EventSource,
 * sendBeacon, forms, frames, scripts, redirects) an origin its declared CSP does not list.
 */
import { raised, type Finding, type FlagDefinition } from '../finding';
import { some, type AppResourceFacts } from './facts';
import { allowedBy, externalUrl } from './origins';
import type { CspField } from './vocabulary';

export const UNDECLARED_TARGET_DEFINITION: FlagDefinition<'app-undeclared-target'> = {
  id: 'app-undeclared-target',
  severity: 'medium',
  title: 'MCP App: target outside its declared CSP',
  meaning:
    'The UI page\'s source names an origin its _meta.ui.csp does not declare: a fetch, XMLHttpRequest, WebSocket, EventSource or sendBeacon target or a form action outside connectDomains, a script outside resourceDomains, a frame outside frameDomains, a <base href> outside baseUriDomains, or a <meta http-equiv="refresh"> that navigates away. A host that enforces the CSP blocks it (and the app breaks); one that does not lets the page reach an origin the server never declared.',
  default: null,
  doesNotTell:
    'Every target: only URLs written as string literals are read, so a URL built at run time is not seen. Whether the host enforces the CSP.',
  reference: 'MCP Apps extension (SEP-1865), McpUiResourceCsp (connect, resource, frame and base-uri domains)',
};

export function undeclaredTargetFindings(facts: AppResourceFacts): Finding<'app-undeclared-target'>[] {
  const scan = facts.scan;
  if (scan === null) return [];
  const csp = facts.ui.csp;
  const outside: string[] = [];
  const check = (label: string, raw: string, field: CspField | null): void => {
    const url = externalUrl(raw);
    if (url === null) return;
    if (field !== null && allowedBy(url, csp[field])) return;
    outside.push(`${label} ${url.origin}${field === null ? '' : ` (not in ${field})`}`);
  };
  for (const { kind, url } of scan.connects) check(kind, url, 'connectDomains');
  for (const { action } of scan.forms) check('form', action, 'connectDomains');
  for (const src of scan.scripts) check('script', src, 'resourceDomains');
  for (const src of scan.frames) check('frame', src, 'frameDomains');
  for (const { kind, url } of scan.redirects) check(kind, url, kind === 'base' ? 'baseUriDomains' : null);
  const unique = [...new Set(outside)];
  if (unique.length === 0) return [];
  return [raised(UNDECLARED_TARGET_DEFINITION, `Its source names ${some(unique, 4)}.`)];
}
