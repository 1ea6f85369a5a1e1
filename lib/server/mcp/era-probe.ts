/**
 * One cheap probe of a hosted server for the protocol era that was NOT spoken: after a current-era
 * audit, does it still accept a 2025 `initialize`? After a 2025-era audit, does it answer the
 * current era's `server/discover`? A client of the other era fails on a server that refuses it.
 * One POST, 5 s, 1 MiB; a session the probe opens is deleted again. Spec: MCP 2026-07-28,
 * Lifecycle and Versioning (-32022 Unsupported protocol version); 2025-11-25 Lifecycle.
 */
import { LEGACY_VERSIONS, MODERN_VERSION, type ProtocolEra } from '../../core/protocol';
import type { OtherEra } from '../../core/report/protocol-facts';
import { PRODUCT_NAME } from '../../core/product';
import { cappedFetch } from './connect';
import { clip } from './error-map';
import type { Redactor } from '../redact';

const LATEST_LEGACY = LEGACY_VERSIONS[LEGACY_VERSIONS.length - 1] ?? '2025-11-25';
const PROBE_TIMEOUT_MS = 5000;
const PROBE_MAX_BYTES = 1024 * 1024;

export interface EraProbeOptions {
  headers: Record<string, string>;
  clientVersion: string;
  fetch?: typeof fetch;
  signal?: AbortSignal;
  /** The audit's secrets: the server's answer is server text, redacted before it is cut. */
  redactor?: Redactor;
}

function probeBody(other: ProtocolEra, clientVersion: string): unknown {
  const clientInfo = { name: PRODUCT_NAME, version: clientVersion };
  return other === 'legacy'
    ? {
        jsonrpc: '2.0',
        id: 'hintcheck-era-probe',
        method: 'initialize',
        params: { protocolVersion: LATEST_LEGACY, capabilities: {}, clientInfo },
      }
    : {
        jsonrpc: '2.0',
        id: 'hintcheck-era-probe',
        method: 'server/discover',
        params: {
          _meta: {
            'io.modelcontextprotocol/protocolVersion': MODERN_VERSION,
            'io.modelcontextprotocol/clientInfo': clientInfo,
            'io.modelcontextprotocol/clientCapabilities': {},
          },
        },
      };
}

/** The JSON-RPC message of a JSON or SSE response body (the first `data:` event), or null. */
export function parseMessage(text: string, contentType: string): unknown {
  try {
    if (contentType.includes('text/event-stream')) {
      const line = text.split(/\r?\n/).find((l) => l.startsWith('data:'));
      return line === undefined ? null : (JSON.parse(line.slice(5)) as unknown);
    }
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

/** Whether the server also accepts the era `other`. Never throws. */
export async function probeOtherEra(url: string, other: ProtocolEra, options: EraProbeOptions): Promise<OtherEra> {
  const what = other === 'legacy' ? `a 2025-era initialize (${LATEST_LEGACY})` : `server/discover (${MODERN_VERSION})`;
  const signal =
    options.signal === undefined
      ? AbortSignal.timeout(PROBE_TIMEOUT_MS)
      : AbortSignal.any([options.signal, AbortSignal.timeout(PROBE_TIMEOUT_MS)]);
  const fetchImpl = cappedFetch(PROBE_MAX_BYTES, options.fetch);
  const headers: Record<string, string> = {
    ...options.headers,
    'content-type': 'application/json',
    accept: 'application/json, text/event-stream',
    ...(other === 'modern' ? { 'mcp-protocol-version': MODERN_VERSION, 'mcp-method': 'server/discover' } : {}),
  };
  try {
    const response = await fetchImpl(url, {
      method: 'POST',
      headers,
      body: JSON.stringify(probeBody(other, options.clientVersion)),
      signal,
      redirect: 'manual',
    });
    const text = await response.text();
    const sessionId = response.headers.get('mcp-session-id');
    if (sessionId !== null) {
      await fetchImpl(url, {
        method: 'DELETE',
        headers: { ...options.headers, 'mcp-session-id': sessionId },
        signal,
      }).catch(() => undefined);
    }
    const message = parseMessage(text, response.headers.get('content-type') ?? '') as {
      result?: { protocolVersion?: unknown; supportedVersions?: unknown };
      error?: { code?: unknown; message?: unknown };
    } | null;
    if (message?.result !== undefined) {
      if (other === 'legacy') {
        const version = typeof message.result.protocolVersion === 'string' ? message.result.protocolVersion : '?';
        return { era: other, accepted: true, detail: `The server also answers ${what}: it chose ${version}.` };
      }
      const versions = Array.isArray(message.result.supportedVersions) ? message.result.supportedVersions : [];
      const modern = versions.filter((v): v is string => typeof v === 'string' && v >= MODERN_VERSION);
      return modern.length > 0
        ? { era: other, accepted: true, detail: `The server also answers ${what}, offering ${modern.join(', ')}.` }
        : { era: other, accepted: false, detail: `The server answered ${what} without offering a current revision.` };
    }
    if (message?.error !== undefined) {
      const code = typeof message.error.code === 'number' ? message.error.code : '?';
      const said =
        typeof message.error.message === 'string' ? `: ${clip(message.error.message, options.redactor, 120)}` : '';
      return {
        era: other,
        accepted: false,
        detail: `The server refuses ${what} (HTTP ${response.status}, JSON-RPC ${code}${said}); clients of that era cannot use it.`,
      };
    }
    return {
      era: other,
      accepted: response.status >= 400 && response.status < 500 ? false : null,
      detail: `The server answered ${what} with HTTP ${response.status} and no JSON-RPC message.`,
    };
  } catch (error) {
    return {
      era: other,
      accepted: null,
      detail: `The probe with ${what} failed: ${clip(error instanceof Error ? error.message : String(error), options.redactor, 120)}.`,
    };
  }
}
