/**
 * The playground's conveniences beside the calls (issue 49), their wire shapes: argument completion
 * (MCP 2025-11-25 "Completion": completion/complete for a prompt's argument or a resource template's
 * variable, when the server declares `completions`), resource subscriptions (resources/subscribe and
 * unsubscribe when it declares `resources.subscribe`, each notifications/resources/updated counted)
 * and the list of live sessions (so a session whose tab is gone can be ended).
 * - POST /api/playground/{id}/complete      PlaygroundComplete → PlaygroundCompletion
 * - POST /api/playground/{id}/subscription  PlaygroundSubscribe → PlaygroundSubscription[] (all of them)
 * - GET  /api/playground                    PlaygroundSessionList
 */
import { z } from 'zod';

/** What the server declared that the playground uses beyond the lists. */
export const playgroundFeaturesSchema = z.object({
  /** `completions` in its capabilities: completion/complete may be sent. */
  completions: z.boolean(),
  /** `resources.subscribe: true`: resources/subscribe may be sent. */
  subscribe: z.boolean(),
});
export type PlaygroundFeatures = z.infer<typeof playgroundFeaturesSchema>;
export const NO_FEATURES: PlaygroundFeatures = { completions: false, subscribe: false };

/** The spec's cap on the values one completion returns. */
export const MAX_COMPLETION_VALUES = 100;

const short = z.string().max(8192);

export const playgroundCompleteSchema = z.strictObject({
  ref: z.discriminatedUnion('type', [
    z.strictObject({ type: z.literal('ref/prompt'), name: z.string().min(1).max(1024) }),
    /** A resource template: its uriTemplate, as listed. */
    z.strictObject({ type: z.literal('ref/resource'), uri: short.min(1) }),
  ]),
  argument: z.strictObject({ name: z.string().min(1).max(1024), value: short }),
  /** The other arguments or variables already filled in (the spec's context.arguments). */
  context: z.strictObject({ arguments: z.record(z.string(), short) }).optional(),
});
export type PlaygroundComplete = z.infer<typeof playgroundCompleteSchema>;

export const playgroundCompletionSchema = z.object({
  /** At most MAX_COMPLETION_VALUES, each a string, as the server ranked them. */
  values: z.array(z.string()),
  /** The server's count of every match, when it gave one. */
  total: z.number().int().nullable(),
  hasMore: z.boolean(),
});
export type PlaygroundCompletion = z.infer<typeof playgroundCompletionSchema>;

export const playgroundSubscribeSchema = z.strictObject({ uri: short.min(1), subscribe: z.boolean() });
export type PlaygroundSubscribe = z.infer<typeof playgroundSubscribeSchema>;

export const playgroundSubscriptionSchema = z.object({
  uri: z.string(),
  /** Milliseconds from the session's start when the server accepted it. */
  sinceMs: z.number().int(),
  /** notifications/resources/updated received for this URI since. */
  updates: z.number().int(),
  lastUpdateMs: z.number().int().nullable(),
});
export type PlaygroundSubscription = z.infer<typeof playgroundSubscriptionSchema>;

export const playgroundSessionListSchema = z.object({
  sessions: z.array(
    z.object({
      id: z.string(),
      command: z.string(),
      server: z.object({ name: z.string(), version: z.string() }).nullable(),
      /** Epoch milliseconds. */
      startedAt: z.number().int(),
      calls: z.number().int(),
      busy: z.boolean(),
      idleEndsAt: z.number().int(),
    }),
  ),
  /** The most sessions at once (PLAYGROUND_LIMITS.maxSessions). */
  max: z.number().int(),
});
export type PlaygroundSessionList = z.infer<typeof playgroundSessionListSchema>;

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The features a server's answer to initialize declares (its `capabilities`, as sent). */
export function featuresOf(capabilities: unknown): PlaygroundFeatures {
  const declared = isObject(capabilities) ? capabilities : {};
  return {
    completions: isObject(declared.completions),
    subscribe: isObject(declared.resources) && declared.resources.subscribe === true,
  };
}
