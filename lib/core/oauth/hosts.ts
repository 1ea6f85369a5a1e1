/**
 * Host names as the OAuth rules compare them: loopback (where the MCP authorization spec allows
 * plain HTTP during development) and the registrable domain (who issues tokens, first- or
 * third-party), from the public suffix list with private suffixes.
 */
import { getDomain } from 'tldts';

const IPV4_LOOPBACK = /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/;
/** ::ffff:a.b.c.d or its hex form ::ffff:XXXX:XXXX (as WHATWG URL writes it), also with the zeros spelled out. */
const IPV4_MAPPED = /^(?:::|(?:0{1,4}:){5})ffff:(?:(\d{1,3}(?:\.\d{1,3}){3})|([0-9a-f]{1,4}):[0-9a-f]{1,4})$/;
const IPV6_LOOPBACK = /^(?:::|(?:0{1,4}:){7})0{0,3}1$/;

/**
 * localhost, ::1 or 127.0.0.0/8, written as a host name (brackets allowed), including the
 * IPv4-mapped IPv6 forms of 127.0.0.0/8 (RFC 4291 §2.5.5.2): [::ffff:127.0.0.1] reaches loopback too.
 */
export function isLoopbackHost(host: string): boolean {
  const bare = host.replace(/^\[|\]$/g, '').toLowerCase();
  if (bare === 'localhost' || IPV4_LOOPBACK.test(bare) || IPV6_LOOPBACK.test(bare)) return true;
  const mapped = IPV4_MAPPED.exec(bare);
  if (mapped === null) return false;
  const [, dotted, highHex] = mapped;
  if (dotted !== undefined) return IPV4_LOOPBACK.test(dotted);
  // The high 16 bits hold the first two octets: 127.x is 0x7fxx.
  return highHex !== undefined && parseInt(highHex, 16) >> 8 === 127;
}

/** The registrable domain (eTLD+1, private suffixes included), or the host itself for IPs and single labels. */
export function siteOf(host: string): string {
  return getDomain(host, { allowPrivateDomains: true }) ?? host;
}
