/**
 * What happened between the audit and the server beyond the lists: the capabilities the audit
 * declared, every request the server sent it (roots/list, sampling/createMessage, elicitation/create,
 * anything else) and how each was answered, the list_changed notifications heard in the short window
 * after the lists and what listing again found, and, when asked, which tools appear only because of
 * the declared capabilities. A section of the Report (absent from reports saved before it existed).
 */
import { z } from 'zod';
import { CAPABILITY_MODES } from './declared';
import { listingChangeSchema } from './listing-change';

export const serverRequestSchema = z.object({
  method: z.string(),
  /** Milliseconds from the start of the audit. */
  atMs: z.number().int(),
  /** result: answered with a result; error: with an error; none: not answered (dropped or the audit ended first). */
  answer: z.enum(['result', 'error', 'none']),
  /** How it was answered, in a few words ("1 root: file:///…", "action: decline"; an error: "-1: Declined…"). */
  detail: z.string(),
  /** What the server asked, cut short (a sampling prompt, an elicitation message); null when nothing to show. */
  asked: z.string().nullable(),
});
export type ServerRequestRecord = z.infer<typeof serverRequestSchema>;

export const LISTED_KINDS = ['tools', 'prompts', 'resources', 'resourceTemplates'] as const;
export type ListedKind = (typeof LISTED_KINDS)[number];

export const relistingSchema = z.object({
  list: z.enum(LISTED_KINDS),
  atMs: z.number().int(),
  /** Names new since the first listing, gone from it, or present in both with a different definition. */
  added: z.array(z.string()),
  removed: z.array(z.string()),
  changed: z.array(z.string()),
  /** Why listing again failed, or null. */
  error: z.string().nullable(),
  /** What preceded it, when not the listening window: "the 3rd call (get_weather_forecast)". */
  after: z.string().optional(),
  /** Tools only: each tool changed, added or removed, with the word diffs (absent before this was recorded). */
  changes: z.array(listingChangeSchema).optional(),
});
export type Relisting = z.infer<typeof relistingSchema>;

export const capabilityComparisonSchema = z.object({
  /** Tools listed to a client that declares no capability. */
  toolsWithout: z.number().int().nullable(),
  /** Listed only because of the declared capabilities. */
  gated: z.array(z.string()),
  /** Listed only to the client without capabilities. */
  onlyWithout: z.array(z.string()),
  /** Why the extra listing failed, or null. */
  error: z.string().nullable(),
  /**
   * When tasks were declared: one more listing with the same capabilities but tasks, and the tools
   * only a task-capable client sees. Null when tasks were not declared (and in reports saved before).
   */
  tasks: z
    .object({
      toolsWithout: z.number().int().nullable(),
      gated: z.array(z.string()),
      error: z.string().nullable(),
    })
    .nullable()
    .default(null),
});
export type CapabilityComparison = z.infer<typeof capabilityComparisonSchema>;

export const clientSessionSchema = z.object({
  mode: z.enum(CAPABILITY_MODES),
  /** The file the capabilities came from (--capabilities FILE), or null. */
  file: z.string().nullable(),
  /** The capabilities object sent, as sent. */
  declared: z.record(z.string(), z.unknown()),
  /** The roots offered on roots/list (file URIs); temporary: an empty folder made for the audit and removed after. */
  roots: z.array(z.string()),
  rootsSource: z.enum(['temporary', 'user']),
  serverRequests: z.array(serverRequestSchema),
  /** How long the audit kept listening after the lists, and what it heard. */
  listenMs: z.number().int(),
  notifications: z.array(z.object({ method: z.string(), atMs: z.number().int() })),
  relisted: z.array(relistingSchema),
  /** --compare-capabilities: one extra listing declaring none; null when not asked or not applicable. */
  comparison: capabilityComparisonSchema.nullable(),
});
export type ClientSession = z.infer<typeof clientSessionSchema>;
