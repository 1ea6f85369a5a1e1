/**
 * Sends the call probe of a signed-in audit (lib/core/oauth/call-probe.ts): a connection of its own
 * to the hosted server, then one tools/call for a made-up tool name with empty arguments, then the
 * connection closed. The HTTP status and any insufficient_scope challenge of the tools/call answer
 * are observed on the way; the outcome says how the server refused (or did not). Error text is
 * redacted with the target's secrets (its Authorization header) before it is kept.
 */
import { randomBytes } from 'node:crypto';
import { ProtocolError, SdkHttpError } from '@modelcontextprotocol/client';
import { z } from 'zod';
import { classifyCallProbe, probeToolName, type CallProbe } from '../../core/oauth/call-probe';
import { insufficientScope } from '../../core/oauth/step-up';
import { AUDIT_DEFAULTS } from '../audit-defaults';
import { connectHttp, type Connection } from '../mcp/connect';
import { toAuditError } from '../mcp/error-map';
import { redactUrl, redactorFor } from '../redact';
import type { AuditTargetSpec } from '../target-spec';
import { GENERATOR } from '../version';

export interface CallProbeOptions {
  fetch?: typeof fetch | undefined;
  signal?: AbortSignal | undefined;
  timeoutMs?: number | undefined;
}

const isToolsCall = (body: unknown): boolean => typeof body === 'string' && body.includes('"tools/call"');

export async function sendCallProbe(
  spec: Extract<AuditTargetSpec, { url: string }>,
  listedTools: readonly string[],
  options: CallProbeOptions = {},
): Promise<CallProbe> {
  const tool = probeToolName(randomBytes(8).toString('hex'), listedTools);
  const base = options.fetch ?? fetch;
  const seen: { httpStatus: number | null; insufficientScopes: string[] | null } = {
    httpStatus: null,
    insufficientScopes: null,
  };
  const observing: typeof fetch = async (input, init) => {
    const response = await base(input, init);
    if (isToolsCall(init?.body)) {
      seen.httpStatus = response.status;
      seen.insufficientScopes = insufficientScope(response.status, response.headers.get('www-authenticate'));
    }
    return response;
  };
  const timeoutMs = options.timeoutMs ?? AUDIT_DEFAULTS.requestTimeoutMs;
  const timer = AbortSignal.timeout(AUDIT_DEFAULTS.connectTimeoutMs + timeoutMs);
  const signal = options.signal === undefined ? timer : AbortSignal.any([options.signal, timer]);
  const redactor = redactorFor(spec, {});
  let errorCode: number | null = null;
  let result: unknown = null;
  let failure: string | null = null;
  let connection: Connection | null = null;
  try {
    connection = await connectHttp(spec, {
      signal,
      timeoutMs: AUDIT_DEFAULTS.connectTimeoutMs,
      maxMessageBytes: AUDIT_DEFAULTS.maxBytes,
      clientVersion: GENERATOR.version,
      fetch: observing,
      redactor,
    });
    result = await connection.client.request(
      { method: 'tools/call', params: { name: tool, arguments: {} } },
      z.unknown(),
      { signal, timeout: timeoutMs },
    );
  } catch (error) {
    if (error instanceof ProtocolError) errorCode = error.code;
    else if (error instanceof SdkHttpError && seen.httpStatus === null) seen.httpStatus = error.status;
    failure = toAuditError(error, { step: 'tools/call (call probe)', url: redactUrl(spec.url), redactor }).message;
  } finally {
    await connection?.close();
  }
  const { outcome, detail } = classifyCallProbe({ ...seen, errorCode, result, failure });
  return {
    method: 'tools/call',
    tool,
    outcome,
    httpStatus: seen.httpStatus,
    errorCode,
    neededScopes: seen.insufficientScopes ?? [],
    detail,
  };
}
