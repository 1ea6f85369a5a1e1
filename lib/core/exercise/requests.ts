/**
 * Which call a server request belongs to: tools are called one at a time, so a request the server
 * sends the client (roots/list, sampling/createMessage, elicitation/create) from one call's request
 * until the next call's request belongs to that call; before the first call it is the server's start.
 * Times are re-based like effects: from the call's request, or from the server's start.
 */
import type { ServerRequestRecord } from '../capabilities/session';
import type { CallWindow } from './attribute';

/** A server request as recorded, with the moment it arrived in epoch milliseconds. */
export interface TimedRequest {
  at: number;
  record: ServerRequestRecord;
}

export interface RequestAttribution {
  start: ServerRequestRecord[];
  /** Per call id: the requests from its request to the next call's. */
  calls: Map<number, ServerRequestRecord[]>;
}

/** `requests` in any order; `windows` in call order; `serverStartedAt` in epoch milliseconds. */
export function attributeRequests(
  requests: readonly TimedRequest[],
  windows: readonly Pick<CallWindow, 'id' | 'requestedAt'>[],
  serverStartedAt: number,
): RequestAttribution {
  const calls = new Map<number, ServerRequestRecord[]>(windows.map((window) => [window.id, []]));
  const start: ServerRequestRecord[] = [];
  for (const request of [...requests].sort((a, b) => a.at - b.at)) {
    const owner = windows.findLast((window) => window.requestedAt <= request.at);
    const from = owner?.requestedAt ?? serverStartedAt;
    const record = { ...request.record, atMs: Math.round(request.at - from) };
    if (owner === undefined) start.push(record);
    else calls.get(owner.id)?.push(record);
  }
  return { start, calls };
}
