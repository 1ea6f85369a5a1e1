/**
 * Origins as the MCP Apps CSP fields name them (`https://api.example.com`, `https://*.example.com`,
 * `wss://rt.example.com`) and whether a URL the page uses falls inside a declared list. A relative URL
 * stays on the sandbox's own origin, which no list needs to name. Pure string work over the URL parser.
 */

export interface DomainProblem {
  domain: string;
  problem: 'any origin' | 'wildcard subdomain' | 'not https';
}

/** Why a declared CSP domain is broad or insecure, or null. */
export function domainProblem(domain: string): DomainProblem | null {
  const trimmed = domain.trim();
  if (trimmed === '*' || /^[a-z][a-z0-9+.-]*:(\/\/\*?)?$/i.test(trimmed) || /^[a-z]+:\/\/\*\/?$/i.test(trimmed))
    return { domain, problem: 'any origin' };
  const scheme = /^([a-z][a-z0-9+.-]*):\/\//i.exec(trimmed)?.[1]?.toLowerCase();
  if (scheme !== undefined && scheme !== 'https' && scheme !== 'wss') return { domain, problem: 'not https' };
  if (trimmed.includes('*')) return { domain, problem: 'wildcard subdomain' };
  return null;
}

/** The URL's absolute form when it leaves the page's own origin (absolute or protocol-relative), else null. */
export function externalUrl(raw: string): URL | null {
  const value = raw.trim();
  if (value.startsWith('//')) return safeUrl(`https:${value}`);
  if (!/^[a-z][a-z0-9+.-]*:/i.test(value)) return null;
  const url = safeUrl(value);
  if (url === null) return null;
  return ['http:', 'https:', 'ws:', 'wss:'].includes(url.protocol) ? url : null;
}

function safeUrl(value: string): URL | null {
  try {
    return new URL(value);
  } catch {
    return null;
  }
}

/** Whether a URL's origin is one a declared list allows (exact origin, or a `*.` subdomain wildcard). */
export function allowedBy(url: URL, domains: readonly string[]): boolean {
  return domains.some((domain) => {
    const trimmed = domain.trim().replace(/\/+$/, '');
    if (domainProblem(trimmed)?.problem === 'any origin') return true;
    const declared = /^([a-z][a-z0-9+.-]*:)\/\/(.+)$/i.exec(trimmed);
    const scheme = declared?.[1]?.toLowerCase() ?? null;
    const host = (declared?.[2] ?? trimmed).toLowerCase();
    if (scheme !== null && scheme !== url.protocol) return false;
    const [hostName, port] = host.split(/:(?=\d+$)/);
    if (port !== undefined && port !== url.port) return false;
    const name = hostName ?? '';
    if (name.startsWith('*.')) return url.hostname.endsWith(name.slice(1));
    return url.hostname === name;
  });
}
