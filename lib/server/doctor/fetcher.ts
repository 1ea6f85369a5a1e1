/**
 * Every HTTP request of the doctor, through the SSRF guard (guarded-fetch.ts): loopback only when the
 * URL given is loopback, the time and size caps, redirects checked hop by hop. Extra trusted CA
 * certificates (tests) are added to the guard's own https requests, never a verification turned off.
 */
import http from 'node:http';
import https from 'node:https';
import tls from 'node:tls';
import { guardedFetch, type GuardedFetchOptions, type GuardedResult } from '../mcp/guarded-fetch';

export type DoctorFetch = (
  url: string,
  options: Pick<GuardedFetchOptions, 'method' | 'headers' | 'body' | 'headersOnly'>,
) => Promise<GuardedResult>;

export function doctorFetch(settings: { allowLoopback: boolean; timeoutMs: number; ca?: string }): DoctorFetch {
  const { ca } = settings;
  const request: GuardedFetchOptions['request'] =
    ca === undefined
      ? undefined
      : {
          http: http.request,
          // guarded-fetch.ts always calls request(options, callback).
          https: ((options: https.RequestOptions, callback?: (res: http.IncomingMessage) => void) =>
            https.request({ ...options, ca: [...tls.rootCertificates, ca] }, callback)) as typeof https.request,
        };
  return (url, options) =>
    guardedFetch(url, {
      ...options,
      allowLoopback: settings.allowLoopback,
      timeoutMs: settings.timeoutMs,
      maxBytes: 256 * 1024,
      maxRedirects: 0,
      ...(request === undefined ? {} : { request }),
    });
}
