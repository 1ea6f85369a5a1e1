/**
 * Resource subscriptions in the playground (issue 49; MCP 2025-11-25 "Resources", Subscriptions):
 * resources/subscribe and resources/unsubscribe when the server declared `resources.subscribe`, and
 * every notifications/resources/updated counted against the URI it names, as a WireTap's inbound side
 * (the session's message log keeps the messages themselves). An update for a URI not subscribed to
 * is not counted. At most MAX_SUBSCRIPTIONS at once.
 */
import type { JSONRPCMessage } from '@modelcontextprotocol/client';
import { isRecord } from '../../core/is-record';
import type { PlaygroundFeatures, PlaygroundSubscription } from '../../core/playground/conveniences';
import { AuditError } from '../errors';
import type { WireTap } from '../mcp/connect';
import { cleanText } from '../exercise/calls';
import type { ExerciseSession } from '../exercise/session';

export const MAX_SUBSCRIPTIONS = 32;
const SUBSCRIBE_TIMEOUT_MS = 30_000;

export class Subscriptions {
  private readonly byUri = new Map<string, PlaygroundSubscription>();

  constructor(private readonly startedAt: number) {}

  private now(): number {
    return Math.max(0, Math.round(Date.now() - this.startedAt));
  }

  /** A message from the server: an update to a subscribed URI is counted. */
  inbound(message: JSONRPCMessage): void {
    const raw = message as unknown as Record<string, unknown>;
    if (raw.method !== 'notifications/resources/updated' || !isRecord(raw.params)) return;
    const uri = raw.params.uri;
    const subscription = typeof uri === 'string' ? this.byUri.get(uri) : undefined;
    if (subscription === undefined) return;
    subscription.updates += 1;
    subscription.lastUpdateMs = this.now();
  }

  /** `next` told of every message, then this of the server's (the session's one tap). */
  tapping(next: WireTap): WireTap {
    return {
      inbound: (message) => {
        next.inbound(message);
        this.inbound(message);
      },
      outbound: (message) => {
        next.outbound(message);
      },
    };
  }

  /** The subscriptions, in the order they were made. */
  list(): PlaygroundSubscription[] {
    return [...this.byUri.values()].map((subscription) => ({ ...subscription }));
  }

  /** Subscribes (or unsubscribes) through the session; the problem when the server refuses or has not declared it. */
  async change(session: ExerciseSession, features: PlaygroundFeatures, uri: string, subscribe: boolean): Promise<void> {
    if (!features.subscribe)
      throw new AuditError('bad-input', 'This server does not declare resource subscriptions.', {
        hint: 'Read the resource again to see a change; subscriptions need `resources.subscribe` in its capabilities.',
      });
    if (subscribe && this.byUri.has(uri)) return;
    if (!subscribe && !this.byUri.has(uri)) return;
    if (subscribe && this.byUri.size >= MAX_SUBSCRIPTIONS)
      throw new AuditError('bad-input', `${MAX_SUBSCRIPTIONS} resources are subscribed to, the most at once.`, {
        hint: 'Unsubscribe from one first.',
      });
    const method = subscribe ? 'resources/subscribe' : 'resources/unsubscribe';
    const answer = await session.request(method, { uri }, SUBSCRIBE_TIMEOUT_MS);
    if (answer.kind !== 'result')
      throw new AuditError(
        answer.kind === 'timeout' ? 'timeout' : answer.kind === 'closed' ? 'server-exited' : 'protocol-error',
        `The server did not accept ${method}: ${answer.kind === 'error' ? cleanText(answer.message) : answer.kind}.`,
        { hint: subscribe ? 'Read the resource again to see a change.' : 'End the session to stop its updates.' },
      );
    if (subscribe) this.byUri.set(uri, { uri, sinceMs: this.now(), updates: 0, lastUpdateMs: null });
    else this.byUri.delete(uri);
  }
}
