/**
 * The doctor's verdicts on each protocol era's first request: a 2025-era `initialize` and the
 * 2026-07-28 `server/discover`. A server may speak one era only (a v2 server with legacy: 'reject'
 * answers -32022; a 2025 server answers server/discover with -32601): that is a warning, since the
 * clients of the other era cannot connect; neither era answering is a failure.
 */
import type { Verdict } from './classify';

type Message = Record<string, unknown> | null;

const errorOf = (message: Message): { code: number | null; text: string; data: unknown } | null => {
  const error = message?.error;
  if (typeof error !== 'object' || error === null) return null;
  const { code, message: text, data } = error as Record<string, unknown>;
  return { code: typeof code === 'number' ? code : null, text: typeof text === 'string' ? text : '', data };
};

const resultOf = (message: Message): Record<string, unknown> | null => {
  const result = message?.result;
  return typeof result === 'object' && result !== null ? (result as Record<string, unknown>) : null;
};

function supportedOf(data: unknown): string {
  const supported = (data as { supported?: unknown } | null)?.supported;
  return Array.isArray(supported) ? supported.filter((entry) => typeof entry === 'string').join(', ') : 'not said';
}

export function legacyEraVerdict(message: Message): Verdict {
  const result = resultOf(message);
  if (result !== null && typeof result.protocolVersion === 'string')
    return {
      outcome: 'ok',
      detail: `initialize answered with protocolVersion ${result.protocolVersion}.`,
      tryNext: null,
    };
  const error = errorOf(message);
  if (error !== null)
    return {
      outcome: 'warn',
      detail: `initialize refused: ${error.code ?? '?'} ${error.text} (supported: ${supportedOf(error.data)}).`,
      tryNext:
        'The server speaks only the 2026-07-28 revision: clients on older SDKs (before @modelcontextprotocol/client 2.x) cannot connect. Use a current client, or ask the operator to serve both eras.',
    };
  return {
    outcome: 'fail',
    detail: 'initialize got no JSON-RPC answer.',
    tryNext: 'See the HTTP step: this is not an MCP endpoint as reached.',
  };
}

export function modernEraVerdict(message: Message): Verdict {
  const result = resultOf(message);
  if (result !== null) {
    const versions = Array.isArray(result.supportedVersions) ? ` (${result.supportedVersions.join(', ')})` : '';
    return { outcome: 'ok', detail: `server/discover answered${versions}.`, tryNext: null };
  }
  const error = errorOf(message);
  if (error !== null)
    return {
      outcome: 'warn',
      detail: `server/discover refused: ${error.code ?? '?'} ${error.text}.`,
      tryNext:
        'The server speaks only the 2025 era: clients pinned to 2026-07-28 cannot connect (auto negotiation falls back to initialize).',
    };
  return {
    outcome: 'fail',
    detail: 'server/discover got no JSON-RPC answer.',
    tryNext: 'See the HTTP step: this is not an MCP endpoint as reached.',
  };
}

/** A JSON-RPC message at all (a result or an error): the endpoint speaks JSON-RPC over POST. */
export const isJsonRpc = (message: Message): boolean => resultOf(message) !== null || errorOf(message) !== null;
