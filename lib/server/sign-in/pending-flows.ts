/**
 * Sign-in flows this process started and not yet completed, by their state (RFC 6749 §10.12): a
 * redirect back completes a flow only when its state names one, only once (taken on first use,
 * whatever the outcome), and only before it expires. Memory only; bounded.
 */
export const PENDING_FLOW_TTL_MS = 10 * 60 * 1000;
export const MAX_PENDING_FLOWS = 32;

interface Entry<T> {
  flow: T;
  expiresAt: number;
}

export class PendingFlows<T> {
  private readonly flows = new Map<string, Entry<T>>();

  constructor(
    private readonly now: () => number = () => Date.now(),
    private readonly ttlMs = PENDING_FLOW_TTL_MS,
  ) {}

  /** Keeps a flow under its state; the oldest one goes when the store is full. */
  add(state: string, flow: T): void {
    this.sweep();
    if (this.flows.size >= MAX_PENDING_FLOWS) {
      const oldest = this.flows.keys().next();
      if (oldest.done !== true) this.flows.delete(oldest.value);
    }
    this.flows.set(state, { flow, expiresAt: this.now() + this.ttlMs });
  }

  /** The flow of this state, removed: a second redirect with the same state finds nothing. */
  take(state: string | null): T | null {
    if (state === null || state === '') return null;
    const entry = this.flows.get(state);
    if (entry === undefined) return null;
    this.flows.delete(state);
    return entry.expiresAt > this.now() ? entry.flow : null;
  }

  /** Forgets every flow matching the predicate (a session that signs out). */
  forget(matches: (flow: T) => boolean): void {
    for (const [state, entry] of this.flows) if (matches(entry.flow)) this.flows.delete(state);
  }

  get size(): number {
    this.sweep();
    return this.flows.size;
  }

  private sweep(): void {
    const now = this.now();
    for (const [state, entry] of this.flows) if (entry.expiresAt <= now) this.flows.delete(state);
  }
}
