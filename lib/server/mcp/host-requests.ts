/**
 * Answers to the requests a server sends a client that declared roots, sampling or elicitation
 * (spec, Client features), safely: roots/list offers an empty folder made for the audit (removed after)
 * or the folders the user named with --root (the exercise: the sandbox's working folder); sampling/createMessage is refused with an error, never
 * forwarded to a model (the spec's "user rejected" answer, code -1); elicitation/create is declined
 * (`{ action: "decline" }`). Each answer is recorded on the wire by SessionLog. The answers to
 * sampling and elicitation are pluggable (HostAnswers): the playground asks its user (issue 37).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ProtocolError, type Client } from '@modelcontextprotocol/client';

/** The roots offered on roots/list: the user's folders, or one empty temporary folder made on first request. */
export class AuditRoots {
  private temporary: string | null = null;
  private making: Promise<string> | null = null;

  /** `label`: the name each given folder is offered under (default: its path). */
  constructor(
    private readonly userRoots: readonly string[],
    private readonly label?: string,
  ) {}

  get source(): 'temporary' | 'user' {
    return this.userRoots.length > 0 ? 'user' : 'temporary';
  }

  /** The URIs offered so far (the temporary folder only once a server asked). */
  get uris(): string[] {
    if (this.userRoots.length > 0) return this.userRoots.map((dir) => pathToFileURL(dir).href);
    return this.temporary === null ? [] : [pathToFileURL(this.temporary).href];
  }

  async list(): Promise<{ uri: string; name: string }[]> {
    if (this.userRoots.length > 0)
      return this.userRoots.map((dir) => ({ uri: pathToFileURL(dir).href, name: this.label ?? dir }));
    this.making ??= mkdtemp(join(tmpdir(), 'mcp-hintcheck-root-')).then((dir) => (this.temporary = dir));
    const dir = await this.making;
    return [{ uri: pathToFileURL(dir).href, name: 'empty folder made for this audit' }];
  }

  /** Removes the temporary folder (and whatever a server wrote into it). */
  async cleanup(): Promise<void> {
    const dir = this.temporary ?? (this.making === null ? null : await this.making.catch(() => null));
    if (dir !== null) await rm(dir, { recursive: true, force: true }).catch(() => undefined);
  }
}

export const SAMPLING_DECLINED = 'Declined: mcp-hintcheck audits a server and never forwards its requests to a model.';

/**
 * How the client answers the server's sampling and elicitation requests: each handler gets the
 * request's params (redacted) and returns the result to send, or throws a ProtocolError (sent as
 * the JSON-RPC error). Nothing is ever forwarded to a model.
 */
export interface HostAnswers {
  sampling(params: Record<string, unknown>, signal: AbortSignal): Promise<Record<string, unknown>>;
  elicitation(params: Record<string, unknown>, signal: AbortSignal): Promise<Record<string, unknown>>;
}

/** The audit's answers: sampling refused ("user rejected", -1), elicitation declined. */
export const AUDIT_ANSWERS: HostAnswers = {
  sampling: () => Promise.reject(new ProtocolError(-1, SAMPLING_DECLINED)),
  elicitation: () => Promise.resolve({ action: 'decline' }),
};

const paramsOf = (request: { params?: unknown }): Record<string, unknown> =>
  typeof request.params === 'object' && request.params !== null ? (request.params as Record<string, unknown>) : {};

/** Registers the answers for the capabilities declared (the SDK refuses a handler for one not declared). */
export function answerAsHost(
  client: Client,
  capabilities: Readonly<Record<string, unknown>>,
  roots: AuditRoots,
  answers: HostAnswers = AUDIT_ANSWERS,
): void {
  if (capabilities.roots !== undefined) {
    client.setRequestHandler('roots/list', async () => ({ roots: await roots.list() }));
  }
  if (capabilities.sampling !== undefined) {
    // The SDK's result types are stricter than what a user's answer is checked against here.
    client.setRequestHandler(
      'sampling/createMessage',
      (request, ctx) => answers.sampling(paramsOf(request), ctx.mcpReq.signal) as never,
    );
  }
  if (capabilities.elicitation !== undefined) {
    client.setRequestHandler(
      'elicitation/create',
      (request, ctx) => answers.elicitation(paramsOf(request), ctx.mcpReq.signal) as never,
    );
  }
}
