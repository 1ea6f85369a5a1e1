/**
 * Host names as the OAuth rules compare them: loopback (where the MCP authorization spec allows
 * plain HTTP during development) and the registrable domain (who issues tokens, first- or
 * third-party), from the public suffix list with private suffixes.
 */
import { getDomain } from 'tldts';

/** localhost, ::1 or 127.0.0.0/8, written as a host name (brackets allowed). */
export function isLoopbackHost(host: string): boolean {
  const bare = host.replace(/^\[|\]$/g, '');
  return bare === 'localhost' || bare === '::1' || /^127\.\d+\.\d+\.\d+$/.test(bare);
}

/** The registrable domain (eTLD+1, private suffixes included), or the host itself for IPs and single labels. */
export function siteOf(host: string): string {
  return getDomain(host, { allowPrivateDomains: true }) ?? host;
}
