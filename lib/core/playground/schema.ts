/**
 * The playground's contract (issue 37): trying a local server by hand inside the exercise's sandbox.
 * One sandboxed session per start (the server under bubblewrap and strace, as the exercise runs it);
 * the user calls a tool with their own arguments, reads a resource, gets a prompt; each call's result
 * is inspected (lib/core/results) and its effects, with evidence, judged against the tool's hints as an
 * exercise call is. The server's sampling and elicitation requests wait for the user's answer; roots
 * are the sandbox's working folder. Every JSON-RPC message of the session is logged, redacted.
 *
 * HTTP, all under the dashboard's access rules (token, Host, Origin):
 * - POST   /api/playground               start: {target, confirmedCommand} → PlaygroundStarted (201)
 * - POST   /api/playground/{id}          one call: PlaygroundCallRequest → PlaygroundCallResult
 * - GET    /api/playground/{id}?after=N&pendingAfter=M  PlaygroundState: a page of the waiting requests
 *                                       (numbered after M, oldest first), log entries after seq N (a page)
 * - POST   /api/playground/{id}/answer   PlaygroundAnswer → 204 (the call in flight goes on)
 * - DELETE /api/playground/{id}          ends the session: the sandbox and the server go (204)
 * Completion, subscriptions and the list of live sessions: conveniences.ts (issue 49).
 * Problems: session-not-found (404), session-busy (409: a call is in flight), session-ended (410).
 */
import { z } from 'zod';
import { auditRequestSchema } from '../api/audit-request';
import { relistingSchema, serverRequestSchema } from '../capabilities/session';
import { BEHAVIOUR_STATUSES, CALL_OUTCOMES, CLAIMS, effectSchema } from '../exercise/schema';
import { SEVERITIES } from '../severity';
import { NO_FEATURES, playgroundFeaturesSchema, playgroundSubscriptionSchema } from './conveniences';
import { playgroundTaskSchema } from '../tasks/task-flow';

export { PLAYGROUND_LIMITS } from './limits';

/** A finding raised on the call (lib/core/finding.ts's Finding, on the wire). */
const findingSchema = z.object({ id: z.string(), severity: z.enum(SEVERITIES), message: z.string() });

export const PLAYGROUND_METHODS = ['tools/call', 'resources/read', 'prompts/get'] as const;

const stdioRequestSchema = auditRequestSchema.options[0];

export const playgroundStartSchema = z.strictObject({
  target: stdioRequestSchema,
  /** The command line the consent dialog showed (commandLineText of the target); refused when it differs. */
  confirmedCommand: z.string().max(64 * 1024),
});
export type PlaygroundStart = z.infer<typeof playgroundStartSchema>;

/** What the session listed inside the sandbox, as sent (each list empty when the server has none). */
export const playgroundSurfaceSchema = z.object({
  tools: z.array(
    z.object({
      name: z.string(),
      title: z.string().optional(),
      description: z.string().optional(),
      inputSchema: z.unknown(),
      outputSchema: z.unknown().optional(),
      /** The hints' effective values (spec defaults applied) the call is judged against. */
      claims: z.array(z.enum(CLAIMS)),
      /** A starting point for the form: the exercise's generated arguments. */
      generatedArguments: z.record(z.string(), z.unknown()),
      /** Its place in the risk order of this listing (1 = read first; lib/core/report/risk.ts). */
      rank: z.number().int().optional(),
      /** Its worst flag (the first raised at that severity), when it has one. */
      topFlag: findingSchema.optional(),
      /** `execution.taskSupport` as listed (required, optional, forbidden): the call may run as a task. */
      taskSupport: z.string().optional(),
    }),
  ),
  resources: z.array(
    z.object({
      uri: z.string(),
      name: z.string(),
      mimeType: z.string().optional(),
      description: z.string().optional(),
    }),
  ),
  resourceTemplates: z.array(
    z.object({
      uriTemplate: z.string(),
      name: z.string(),
      mimeType: z.string().optional(),
      description: z.string().optional(),
    }),
  ),
  prompts: z.array(
    z.object({
      name: z.string(),
      description: z.string().optional(),
      arguments: z.array(
        z.object({ name: z.string(), description: z.string().optional(), required: z.boolean().optional() }),
      ),
    }),
  ),
  /** Why a list could not be read (its name and the error), when one could not. */
  errors: z.array(z.object({ list: z.string(), message: z.string() })),
});
export type PlaygroundSurface = z.infer<typeof playgroundSurfaceSchema>;

export const playgroundStartedSchema = z.object({
  id: z.string(),
  /** The command line that runs, as the consent dialog showed it. */
  command: z.string(),
  protocolVersion: z.string().nullable(),
  server: z.object({ name: z.string(), version: z.string() }).nullable(),
  surface: playgroundSurfaceSchema,
  sandbox: z.object({ bwrap: z.string(), strace: z.string() }),
  idleMs: z.number().int(),
  /** Completion and subscriptions, when the server declared them (conveniences.ts). */
  features: playgroundFeaturesSchema.default(NO_FEATURES),
});
export type PlaygroundStarted = z.infer<typeof playgroundStartedSchema>;

export const playgroundCallRequestSchema = z.discriminatedUnion('method', [
  z.strictObject({
    method: z.literal('tools/call'),
    name: z.string().min(1).max(1024),
    arguments: z.record(z.string(), z.unknown()),
  }),
  z.strictObject({ method: z.literal('resources/read'), uri: z.string().min(1).max(8192) }),
  z.strictObject({
    method: z.literal('prompts/get'),
    name: z.string().min(1).max(1024),
    arguments: z.record(z.string(), z.string().max(64 * 1024)),
  }),
]);
export type PlaygroundCallRequest = z.infer<typeof playgroundCallRequestSchema>;

/** One block of a result, safe to draw (lib/core/results/blocks.ts's ResultBlock, as JSON). */
const resultBlockSchema = z.record(z.string(), z.unknown());

export const playgroundCallResultSchema = z.object({
  /** 1 for the session's first call. */
  seq: z.number().int(),
  method: z.enum(PLAYGROUND_METHODS),
  /** The tool or prompt name, or the resource URI. */
  target: z.string(),
  argumentsJson: z.string(),
  outcome: z.enum(CALL_OUTCOMES),
  /** The error's message (a JSON-RPC error, a timeout, the server's exit); null when it answered. */
  message: z.string().nullable(),
  durationMs: z.number(),
  /** The result as sent, redacted (null when there was none). Drawn only as text. */
  result: z.unknown(),
  /** lib/core/results/inspect.ts: blocks, structured content against the output schema, envelopes, links, findings. */
  inspection: z
    .object({
      isError: z.boolean(),
      blocks: z.array(resultBlockSchema),
      structured: z.object({ value: z.unknown(), check: z.record(z.string(), z.unknown()) }).nullable(),
      envelopes: z.array(z.record(z.string(), z.unknown())),
      links: z.array(z.string()),
      findings: z.array(findingSchema),
    })
    .nullable(),
  /** What the call did in the sandbox, with evidence (attributed as the exercise attributes). */
  effects: z.array(effectSchema),
  /** The server's requests during the call and how each was answered. */
  serverRequests: z.array(serverRequestSchema),
  /** tools/call: the call judged against the tool's hints (exercise/judge.ts); null for the others. */
  behaviour: z
    .object({
      status: z.enum(BEHAVIOUR_STATUSES),
      claims: z.array(z.enum(CLAIMS)),
      summary: z.string(),
      /** Behaviour findings this call raised (a playground call is never re-run: at most inconclusive). */
      findings: z.array(findingSchema),
    })
    .nullable(),
  /** Files changed in the sandbox's writable folders by this call (paths inside the sandbox). */
  changed: z.array(z.string()),
  /** Why the effects may be incomplete (the trace cut, the sandbox unreadable), or null. */
  incomplete: z.string().nullable(),
  /** tools/call run as a task (lib/core/tasks/task-flow.ts): its id, how it ended, its progress. */
  task: playgroundTaskSchema.optional(),
});
export type PlaygroundCallResult = z.infer<typeof playgroundCallResultSchema>;

export const PENDING_METHODS = ['sampling/createMessage', 'elicitation/create'] as const;

/** A server request waiting for the user's answer (its params redacted). */
export const playgroundPendingSchema = z.object({
  /** `r` and its number, in the order the requests came (the `pendingAfter` of the next page). */
  requestId: z.string(),
  method: z.enum(PENDING_METHODS),
  params: z.unknown(),
  /** Milliseconds from the session's start. */
  atMs: z.number().int(),
});
export type PlaygroundPending = z.infer<typeof playgroundPendingSchema>;

export const playgroundAnswerSchema = z.discriminatedUnion('method', [
  z.strictObject({
    requestId: z.string().max(200),
    method: z.literal('elicitation/create'),
    action: z.enum(['accept', 'decline', 'cancel']),
    /** accept: the form's values (the requested schema's primitive fields). */
    content: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.array(z.string())])).optional(),
  }),
  z.strictObject({
    requestId: z.string().max(200),
    method: z.literal('sampling/createMessage'),
    /** accept: `text` goes back as the assistant's message (model "mcp-hintcheck-user"); never sent to a model. */
    action: z.enum(['accept', 'decline']),
    text: z
      .string()
      .max(64 * 1024)
      .optional(),
  }),
]);
export type PlaygroundAnswer = z.infer<typeof playgroundAnswerSchema>;

export const LOG_DIRECTIONS = ['client-to-server', 'server-to-client'] as const;

export const playgroundLogEntrySchema = z.object({
  seq: z.number().int(),
  /** Milliseconds from the session's start. */
  atMs: z.number().int(),
  direction: z.enum(LOG_DIRECTIONS),
  /** request, response, error or notification. */
  kind: z.enum(['request', 'response', 'error', 'notification']),
  /** The method (a response: the method of the request it answers, when known). */
  method: z.string().nullable(),
  /** The JSON-RPC id, as text, when the message has one. */
  id: z.string().nullable(),
  /** The message as sent, redacted, as JSON text (cut at maxLoggedBytes). */
  json: z.string(),
  bytes: z.number().int(),
  truncated: z.boolean(),
});
export type PlaygroundLogEntry = z.infer<typeof playgroundLogEntrySchema>;

export const playgroundStateSchema = z.object({
  id: z.string(),
  /** Why and when the session ended (idle limit, the user, the server's exit), or null while it runs. */
  ended: z.object({ reason: z.string(), atMs: z.number().int() }).nullable(),
  /** A call in flight: its method and target. */
  busy: z.object({ method: z.enum(PLAYGROUND_METHODS), target: z.string() }).nullable(),
  /** The waiting requests numbered after `pendingAfter`, oldest first, at most PLAYGROUND_LIMITS.pendingPage. */
  pending: z.array(playgroundPendingSchema),
  /** How many requests wait in all. */
  pendingCount: z.number().int(),
  /** Entries with seq after the `after` query (all when absent), up to maxLogPageBytes. */
  log: z.array(playgroundLogEntrySchema),
  /** More entries follow the page: read again with `after` the last seq. */
  logMore: z.boolean(),
  /** Entries dropped from the start of the log (maxLogEntries). */
  dropped: z.number().int(),
  calls: z.number().int(),
  /** Epoch milliseconds when the idle limit ends the session. */
  idleEndsAt: z.number().int(),
  /**
   * The tools listed again after a call the server followed with tools/list_changed, each with what
   * changed and its word diff (a changed definition is a rug pull: the tools shown are the new ones).
   */
  relisted: z.array(relistingSchema).default([]),
  /** The resources subscribed to, with the updates the server sent for each (conveniences.ts). */
  subscriptions: z.array(playgroundSubscriptionSchema).default([]),
  /** The call in flight runs as a task: its status and progress so far (null otherwise). */
  task: playgroundTaskSchema.nullable().default(null),
});
export type PlaygroundState = z.infer<typeof playgroundStateSchema>;
