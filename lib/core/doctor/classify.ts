/**
 * The doctor's verdicts on what came back, pure: a certificate, an HTTP answer to an MCP POST, and
 * a JSON-RPC message (JSON, or the first event of an event stream that carries one). Each returns the
 * outcome, a sentence, and what to try. A web page is told by the classifier the audit and the OAuth
 * check share (lib/core/web-page.ts).
 */
import { isRecord } from '../is-record';
import { WEB_PAGE_HINT, WEB_PAGE_VERDICT, eventStreamData, isHtml, mediaType } from '../web-page';
import type { DoctorOutcome } from './steps';

export interface Verdict {
  outcome: DoctorOutcome;
  detail: string;
  tryNext: string | null;
}

/** Fewer days than this before expiry: a warning. */
export const CERT_EXPIRY_WARNING_DAYS = 14;

export interface CertificateFacts {
  subject: string;
  issuer: string;
  validFrom: Date;
  validTo: Date;
  /** The OpenSSL verification error (chain, expiry), or null when the chain verified. */
  chainError: string | null;
  /** Why the certificate does not name the host (tls.checkServerIdentity), or null. */
  nameError: string | null;
}

export function certificateVerdict(cert: CertificateFacts, now: Date): Verdict {
  const days = Math.floor((cert.validTo.getTime() - now.getTime()) / 86_400_000);
  const who = `${cert.subject}, issued by ${cert.issuer}, valid until ${cert.validTo.toISOString().slice(0, 10)}`;
  if (cert.validTo.getTime() < now.getTime() || cert.chainError === 'CERT_HAS_EXPIRED')
    return {
      outcome: 'fail',
      detail: `The certificate expired on ${cert.validTo.toISOString().slice(0, 10)} (${who}).`,
      tryNext: 'The server must renew its certificate; check the clock of this machine too.',
    };
  if (cert.validFrom.getTime() > now.getTime() || cert.chainError === 'CERT_NOT_YET_VALID')
    return {
      outcome: 'fail',
      detail: `The certificate is not valid before ${cert.validFrom.toISOString().slice(0, 10)} (${who}).`,
      tryNext: 'Check the clock of this machine; else the server installed a certificate too early.',
    };
  if (cert.nameError !== null)
    return {
      outcome: 'fail',
      detail: `The certificate does not name this host: ${cert.nameError} (${who}).`,
      tryNext:
        'Use the host name the certificate is for, or have the server add this name; a proxy or captive portal that intercepts TLS also looks like this.',
    };
  if (cert.chainError !== null)
    return {
      outcome: 'fail',
      detail: `The certificate chain does not verify: ${cert.chainError} (${who}).`,
      tryNext:
        'A self-signed or private CA, a missing intermediate, or a TLS-intercepting proxy. For a private CA, set NODE_EXTRA_CA_CERTS=ca.pem; never turn verification off.',
    };
  if (days < CERT_EXPIRY_WARNING_DAYS)
    return {
      outcome: 'warn',
      detail: `The certificate verifies but expires in ${days} day${days === 1 ? '' : 's'} (${who}).`,
      tryNext: 'Tell the server operator to renew it.',
    };
  return { outcome: 'ok', detail: `Verified: ${who} (${days} days left).`, tryNext: null };
}

/** The answer to a POST of an MCP request: status and content type. */
export function httpVerdict(status: number, contentType: string | null, body: string): Verdict {
  const type = mediaType(contentType);
  const shown = `HTTP ${status}${type === '' ? ', no content type' : `, ${type}`}`;
  if (isHtml(contentType, body))
    return { outcome: 'fail', detail: `${shown}: ${WEB_PAGE_VERDICT}.`, tryNext: WEB_PAGE_HINT };
  if (status === 401)
    return {
      outcome: 'ok',
      detail: `${shown}: the server asks for sign-in (see the metadata steps).`,
      tryNext: null,
    };
  if (status === 403)
    return {
      outcome: 'fail',
      detail: `${shown}: refused.`,
      tryNext: 'The server refuses this client: an Origin or IP allow-list, or a token without access.',
    };
  if (status === 404 || status === 405 || status === 400)
    return {
      outcome: 'warn',
      detail: `${shown}: no Streamable HTTP endpoint here (a legacy SSE server answers POST like this).`,
      tryNext: 'Check the path; if the server is an old HTTP+SSE one, the SSE step below tells.',
    };
  if (status >= 500)
    return {
      outcome: 'fail',
      detail: `${shown}: the server failed.`,
      tryNext: 'The server is broken or overloaded; try again later.',
    };
  if (status >= 200 && status < 300 && type !== 'application/json' && type !== 'text/event-stream')
    return {
      outcome: 'fail',
      detail: `${shown}: an MCP answer is application/json or text/event-stream.`,
      tryNext: 'Something rewrote the answer, or this is not an MCP endpoint: check the URL and any proxy.',
    };
  if (status >= 300 && status < 400)
    return {
      outcome: 'fail',
      detail: `${shown}: a redirect that was not followed.`,
      tryNext: 'Use the URL it redirects to.',
    };
  return { outcome: 'ok', detail: `${shown}.`, tryNext: null };
}

function parsedObject(text: string): Record<string, unknown> | null {
  try {
    const parsed: unknown = JSON.parse(text);
    return isRecord(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

/**
 * The JSON-RPC message of a JSON body, or of an event stream: the first event whose data is a JSON-RPC
 * answer (result or error), else the first that is a JSON object (a priming event may be empty); null when none.
 */
export function jsonRpcMessage(contentType: string | null, body: string): Record<string, unknown> | null {
  if (mediaType(contentType) !== 'text/event-stream') return parsedObject(body);
  const messages = eventStreamData(body)
    .map(parsedObject)
    .filter((message) => message !== null);
  return messages.find((message) => 'result' in message || 'error' in message) ?? messages[0] ?? null;
}
