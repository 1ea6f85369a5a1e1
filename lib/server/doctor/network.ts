/**
 * The doctor's network steps, below HTTP: the name resolved (every address checked by the SSRF
 * guard's own rule, guarded-fetch.ts addressProblem: public unicast only, loopback only for a
 * loopback URL), a TCP connection to the checked address, and for https a TLS handshake with that
 * address whose certificate is inspected (chain, name, dates) and never used to send anything:
 * the HTTP steps reconnect through the guarded fetch, which verifies as always.
 */
import net from 'node:net';
import tls from 'node:tls';
import { certificateVerdict } from '../../core/doctor/classify';
import { step, type DoctorStep } from '../../core/doctor/steps';
import { addressProblem, defaultResolve, type ResolvedAddress, type Resolver } from '../mcp/guarded-fetch';

export interface NetworkOptions {
  timeoutMs: number;
  allowLoopback: boolean;
  resolve?: Resolver;
  /** Extra trusted CA certificates (PEM), beside the system's (tests; the CLI reads NODE_EXTRA_CA_CERTS). */
  ca?: string;
  now?: () => Date;
}

const firstOf = (value: string | string[] | undefined): string | undefined => (Array.isArray(value) ? value[0] : value);
const since = (started: number): number => Math.round(performance.now() - started);
const hostOf = (url: URL): string => url.hostname.replace(/^\[|\]$/g, '');

export async function dnsStep(
  url: URL,
  options: NetworkOptions,
): Promise<{ step: DoctorStep; address: ResolvedAddress | null }> {
  const started = performance.now();
  const host = hostOf(url);
  let addresses: ResolvedAddress[];
  if (net.isIP(host) !== 0) addresses = [{ address: host, family: net.isIP(host) === 6 ? 6 : 4 }];
  else {
    try {
      addresses = await (options.resolve ?? defaultResolve)(host);
    } catch (error) {
      return {
        step: step(
          'dns',
          'fail',
          `${host} could not be resolved (${(error as NodeJS.ErrnoException).code ?? String(error)}).`,
          since(started),
          'Check the spelling of the host, your DNS server or VPN, and whether the name exists (try: nslookup HOST).',
        ),
        address: null,
      };
    }
  }
  for (const { address } of addresses) {
    const problem = addressProblem(address, options.allowLoopback);
    if (problem !== null)
      return {
        step: step(
          'dns',
          'fail',
          `${host} resolves to ${problem}: refused by the SSRF guard.`,
          since(started),
          'A public MCP server has public addresses; a local one is audited by its loopback URL (http://127.0.0.1:PORT/...).',
        ),
        address: null,
      };
  }
  const [first] = addresses;
  if (first === undefined)
    return {
      step: step('dns', 'fail', `${host} has no address.`, since(started), 'Check the DNS records of the host.'),
      address: null,
    };
  return {
    step: step('dns', 'ok', `${host} → ${addresses.map((entry) => entry.address).join(', ')}.`, since(started)),
    address: first,
  };
}

const portOf = (url: URL): number => (url.port === '' ? (url.protocol === 'https:' ? 443 : 80) : Number(url.port));

export function tcpStep(url: URL, address: ResolvedAddress, options: NetworkOptions): Promise<DoctorStep> {
  const started = performance.now();
  const port = portOf(url);
  return new Promise((resolve) => {
    const socket = net.connect({ host: address.address, port, family: address.family });
    const done = (result: DoctorStep): void => {
      socket.destroy();
      resolve(result);
    };
    socket.setTimeout(options.timeoutMs, () => {
      done(
        step(
          'tcp',
          'fail',
          `No answer from ${address.address}:${port} within ${options.timeoutMs} ms.`,
          since(started),
          'A firewall drops the connection, or the host is down: check the port and any VPN or proxy.',
        ),
      );
    });
    socket.once('connect', () => {
      done(step('tcp', 'ok', `Connected to ${address.address}:${port}.`, since(started)));
    });
    socket.once('error', (error: NodeJS.ErrnoException) => {
      const refused = error.code === 'ECONNREFUSED';
      done(
        step(
          'tcp',
          'fail',
          `${address.address}:${port}: ${error.code ?? error.message}.`,
          since(started),
          refused
            ? 'Nothing listens on this port: is the server running, and is the port right?'
            : 'Check the network path to the host (firewall, VPN, proxy).',
        ),
      );
    });
  });
}

export function tlsStep(url: URL, address: ResolvedAddress, options: NetworkOptions): Promise<DoctorStep> {
  const started = performance.now();
  const host = hostOf(url);
  return new Promise((resolve) => {
    const socket = tls.connect({
      host: address.address,
      port: portOf(url),
      ...(net.isIP(host) === 0 ? { servername: host } : {}),
      ...(options.ca === undefined ? {} : { ca: [...tls.rootCertificates, options.ca] }),
      // Inspect, never use: the verdict below is the check; nothing is sent on this connection.
      rejectUnauthorized: false,
      checkServerIdentity: () => undefined,
    });
    const done = (result: DoctorStep): void => {
      socket.destroy();
      resolve(result);
    };
    socket.setTimeout(options.timeoutMs, () => {
      done(
        step(
          'tls',
          'fail',
          `No TLS handshake within ${options.timeoutMs} ms.`,
          since(started),
          'The port may not speak TLS (try http://), or a middlebox stalls the handshake.',
        ),
      );
    });
    socket.once('secureConnect', () => {
      const cert = socket.getPeerCertificate();
      const nameError = tls.checkServerIdentity(host, cert) ?? null;
      const verdict = certificateVerdict(
        {
          subject: firstOf(cert.subject.CN) ?? 'no subject name',
          issuer: firstOf(cert.issuer.CN) ?? firstOf(cert.issuer.O) ?? 'unknown issuer',
          validFrom: new Date(cert.valid_from),
          validTo: new Date(cert.valid_to),
          chainError: socket.authorized ? null : String(socket.authorizationError),
          nameError: nameError === null ? null : nameError.message,
        },
        (options.now ?? (() => new Date()))(),
      );
      done(step('tls', verdict.outcome, verdict.detail, since(started), verdict.tryNext));
    });
    socket.once('error', (error: NodeJS.ErrnoException) => {
      done(
        step(
          'tls',
          'fail',
          `The TLS handshake failed: ${error.code ?? error.message}.`,
          since(started),
          'The port may not speak TLS (http:// instead of https://), or the server offers no protocol or cipher in common.',
        ),
      );
    });
  });
}
