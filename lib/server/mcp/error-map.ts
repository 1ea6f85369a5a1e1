/**
 * Turns whatever an SDK call, a spawn or a fetch threw into an AuditError with a code, a message
 * that says what happened and a hint that says what to try. A thrown message may carry server text
 * (an HTTP error body, a JSON-RPC error): it is redacted whole, here, before it is shortened.
 */
import {
  ProtocolError,
  ProtocolErrorCode,
  SdkError,
  SdkErrorCode,
  SdkHttpError,
  SseError,
} from '@modelcontextprotocol/client';
import { explainingLines } from '../../core/stderr';
import { WEB_PAGE_HINT, WEB_PAGE_VERDICT, isHtml } from '../../core/web-page';
import { AuditError } from '../errors';
import { serverExitHint } from './exit-hint';
import { Redactor } from '../redact';
import type { ProcessGroupStdioTransport } from './stdio-transport';

export interface ErrorContext {
  step: string;
  /** The stdio transport, when there is one: its exit code and stderr explain a closed connection. */
  stdio?: ProcessGroupStdioTransport | null;
  url?: string;
  /** The audit's secrets: removed from server text before it is cut for a message. */
  redactor?: Redactor;
}

const NO_SECRETS = new Redactor();

const TLS_CODES = /CERT|SSL|TLS|SELF_SIGNED|UNABLE_TO_VERIFY|UNABLE_TO_GET_ISSUER/;

function causeCode(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && typeof current === 'object' && current !== null; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string') return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

function lastLines(text: string, count: number): string {
  const lines = explainingLines(text, count).join('\n');
  return lines.length > 500 ? `…${lines.slice(-500)}` : lines;
}

/** Short, single-line, length-capped text from a server, for inclusion in a message: redacted first, then cut. */
export function clip(text: string, redactor: Redactor = NO_SECRETS, max = 200): string {
  const flat = redactor.text(text).replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max)}…` : flat;
}

function httpStatusError(status: number, detail: string, ctx: ErrorContext): AuditError {
  const where = ctx.url === undefined ? '' : ` from ${ctx.url}`;
  const hints: Record<number, string> = {
    401: 'The server requires authorization. Check who guards it with `mcp-hintcheck oauth <url>`, then pass a token with --header "Authorization: Bearer <token>".',
    403: 'The server refused the request. Check the token and its scopes, and that the server accepts requests from this client.',
    404: 'Nothing answers MCP at this path. Check the URL (many servers use /mcp, legacy ones /sse).',
    405: 'The endpoint refused the method. Try --transport sse for a legacy HTTP+SSE server, or check the path.',
  };
  const body = detail === '' ? '' : `: ${clip(detail, ctx.redactor)}`;
  return new AuditError('http-error', `HTTP ${status}${where} at ${ctx.step}${body}`, {
    hint:
      hints[status] ??
      (status >= 500
        ? 'The server failed. Try again later or ask its operators.'
        : status >= 300 && status < 400
          ? 'The endpoint redirects, and redirects to another origin are not followed: audit the URL it points to instead.'
          : 'Check the URL and the headers.'),
    step: ctx.step,
  });
}

const errorMessage = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/** The server's own failure (a fatal stdio condition, or an exit nobody asked for), whatever the error says. */
function stdioFailure(ctx: ErrorContext): AuditError | null {
  const stdio = ctx.stdio ?? null;
  if (stdio?.fatal) {
    const { code, message, hint } = stdio.fatal;
    return new AuditError(code, message, { ...(hint === undefined ? {} : { hint }), step: ctx.step });
  }
  if (stdio?.exitedOnItsOwn) {
    const how =
      stdio.exitSignal === null ? `exited with code ${String(stdio.exitCode)}` : `was killed by ${stdio.exitSignal}`;
    const tail = stdio.stderrTail.trim();
    return new AuditError(
      'server-exited',
      `The server ${how} at ${ctx.step}${tail === '' ? ' and wrote nothing to stderr.' : `. Its stderr says:\n${lastLines(tail, 5)}`}`,
      {
        hint: serverExitHint(ctx.step, tail),
        step: ctx.step,
      },
    );
  }
  return null;
}

/**
 * A connect that failed because the stdio server exited on its own (or broke the transport): that is
 * the story, whatever the era probe made of the closed pipe ("the connection closed during the
 * server/discover probe"), so the error is handed on unexplained and toAuditError names the exit,
 * its code and stderr (stdioFailure).
 */
export function serverEndedStory(error: unknown, stdio: ProcessGroupStdioTransport): unknown {
  return stdio.exitedOnItsOwn || stdio.fatal !== null ? new Error('the server ended', { cause: error }) : error;
}

/** An error of the SDK's client, mapped by its kind; null for any other error. */
function sdkFailure(error: unknown, ctx: ErrorContext): AuditError | null {
  // The SDK's v2 client (both eras): HTTP statuses, timeouts, closed connections, JSON-RPC errors.
  if (error instanceof SdkHttpError && error.status >= 100) {
    const body = typeof error.data.text === 'string' && error.data.text !== '' ? error.data.text : error.message;
    return httpStatusError(
      error.status,
      body.replace(/^(?:Error POSTing to endpoint|Failed to open SSE stream):?\s*/, ''),
      ctx,
    );
  }
  if (error instanceof SseError) {
    const status = error.code ?? 0;
    if (status >= 100) return httpStatusError(status, error.message.replace(/^SSE error:?\s*/, ''), ctx);
    return new AuditError(
      'protocol-error',
      `The server answered in an unexpected way at ${ctx.step}: ${clip(error.message, ctx.redactor)}`,
      { step: ctx.step },
    );
  }
  if (error instanceof SdkError && error.code === SdkErrorCode.RequestTimeout) {
    return new AuditError('timeout', `Timed out at ${ctx.step}: the server did not answer in time.`, {
      hint: 'The server may be waiting for input, a network resource or a login. Raise --request-timeout (each request) if it is just slow.',
      step: ctx.step,
    });
  }
  if (error instanceof SdkError && error.code === SdkErrorCode.ConnectionClosed) {
    return new AuditError('connection-failed', `The connection closed at ${ctx.step}.`, {
      hint: 'The server stopped talking. Run it by hand to see what it does.',
      step: ctx.step,
    });
  }
  if (error instanceof ProtocolError) {
    if (error.code === (ProtocolErrorCode.MethodNotFound as number)) {
      return new AuditError('protocol-error', `The server does not implement ${ctx.step} (JSON-RPC -32601).`, {
        hint: 'It may offer no tools at all: check its capabilities.',
        step: ctx.step,
      });
    }
    return new AuditError(
      'protocol-error',
      `The server answered ${ctx.step} with error ${error.code}: ${clip(error.message, ctx.redactor)}`,
      { step: ctx.step },
    );
  }
  return null;
}

/** A network or TLS failure read from the error's cause code, or an unsupported protocol version; null otherwise. */
function networkFailure(error: unknown, ctx: ErrorContext): AuditError | null {
  const code = causeCode(error);
  const message = errorMessage(error);
  if (error instanceof Error && error.cause instanceof Error && error.cause.message === 'bad port') {
    return new AuditError(
      'bad-input',
      `The port of ${ctx.url ?? 'the URL'} is one that HTTP clients refuse to contact (a "bad port" in the Fetch standard).`,
      {
        hint: 'Serve the MCP endpoint on another port.',
        step: ctx.step,
      },
    );
  }
  if (code === 'ECONNREFUSED') {
    return new AuditError('connection-failed', `Connection refused by ${ctx.url ?? 'the server'}.`, {
      hint: 'Nothing listens there: check the host and port, and that the server is running.',
      step: ctx.step,
    });
  }
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') {
    return new AuditError('connection-failed', `The host of ${ctx.url ?? 'the URL'} could not be resolved.`, {
      hint: 'Check the spelling of the host name and your network.',
      step: ctx.step,
    });
  }
  if (code === 'ECONNRESET' || code === 'UND_ERR_SOCKET' || code === 'UND_ERR_CLOSED') {
    return new AuditError('connection-failed', `The server closed the connection at ${ctx.step}.`, { step: ctx.step });
  }
  if (code !== undefined && TLS_CODES.test(code)) {
    return new AuditError('tls-error', `TLS failed for ${ctx.url ?? 'the server'}: ${code}.`, {
      hint: 'The certificate is invalid, expired or for another host. mcp-hintcheck does not skip certificate checks.',
      step: ctx.step,
    });
  }
  if (/protocol version is not supported/i.test(message)) {
    return new AuditError('protocol-error', `${clip(message, ctx.redactor)}.`, {
      hint: 'The server negotiated a protocol version this client does not know. Upgrade mcp-hintcheck, or the server.',
      step: ctx.step,
    });
  }
  return null;
}

/** An HTML answer where an MCP one was expected (the SDK: "Unexpected content type: text/html"): a web page. */
function webPageFailure(error: unknown, ctx: ErrorContext): AuditError | null {
  const type = /Unexpected content type:?\s*([^\s,;]+)/i.exec(errorMessage(error))?.[1] ?? null;
  if (type === null || !isHtml(type)) return null;
  return new AuditError(
    'protocol-error',
    `${WEB_PAGE_VERDICT}: ${ctx.url ?? 'the URL'} answered ${ctx.step} with ${type}.`,
    { hint: WEB_PAGE_HINT, step: ctx.step },
  );
}

export function toAuditError(error: unknown, ctx: ErrorContext): AuditError {
  if (error instanceof AuditError) return error;
  return (
    stdioFailure(ctx) ??
    webPageFailure(error, ctx) ??
    sdkFailure(error, ctx) ??
    networkFailure(error, ctx) ??
    new AuditError('protocol-error', `${ctx.step} failed: ${clip(errorMessage(error), ctx.redactor)}`, {
      step: ctx.step,
    })
  );
}
