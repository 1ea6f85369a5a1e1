/**
 * The shapes of a sandboxed exercise (issue 23): one observed effect (a traced system call turned
 * into a fact with its evidence line), one tool call with its effects, a tool's behaviour, and the
 * run as a whole, with the client it was called through (the capabilities the audit declared, the
 * requests the server sent it). Saved reports from builds without exercise have none of these (all
 * optional), and older exercised reports have no client record.
 */
import { z } from 'zod';

import { relistingSchema, serverRequestSchema } from '../capabilities/session';
import { EXERCISE_MODES } from './modes';

export { EXERCISE_MODES, type ExerciseMode } from './modes';

export const EFFECT_KINDS = [
  'create',
  'overwrite',
  'write',
  'append',
  'delete',
  'rename',
  'chmod',
  'mkdir',
  'exec',
  'connect',
  'dns',
  'canary-read',
  'link',
  'changed',
  'refused',
] as const;
export type EffectKind = (typeof EFFECT_KINDS)[number];

/** The effects that change a file: what read-only forbids (judge.ts), what explains a snapshot's change (unexplained.ts). */
export const FILE_CHANGE_KINDS: readonly EffectKind[] = [
  'create',
  'overwrite',
  'write',
  'append',
  'delete',
  'rename',
  'chmod',
  'mkdir',
  'link',
  'changed',
];

/** home: the sandbox HOME; work: its working folder; tmp: its /tmp; system: the read-only rest. */
export const AREAS = ['home', 'work', 'tmp', 'system', 'network'] as const;
export type Area = (typeof AREAS)[number];

/** during: between the request and the settle window's end; after: later, before the next call. */
export const PHASES = ['start', 'during', 'after'] as const;

/** Why an effect is set aside (the `aside` field below). */
export const EFFECT_ASIDES = ['background', 'every-call', 'process'] as const;
/** When the server started the process that made an aside "process" effect (the `madeBy` field below). */
export const MADE_BY_STARTS = ['start', 'idle', 'this-call'] as const;

export const effectSchema = z.object({
  kind: z.enum(EFFECT_KINDS),
  area: z.enum(AREAS),
  /** ~/x for the sandbox HOME, ./x for its working folder, /tmp/x, an absolute path, or an address. */
  target: z.string(),
  /** A second target (the destination of a rename), or null. */
  to: z.string().nullable(),
  /** Whether the system call succeeded (a write to the read-only system fails with EROFS, yet was tried). */
  ok: z.boolean(),
  /** The error name when it failed (EROFS, ENETUNREACH, ...). */
  error: z.string().nullable(),
  phase: z.enum(PHASES),
  /** Milliseconds from the call's request (from the server's start for phase "start"). */
  atMs: z.number(),
  /** The trace line, shortened. */
  evidence: z.string(),
  /**
   * For a connection to the exercise's loopback listener: what it received during the call ("POST
   * /hintcheck, 21 bytes: {…}", redacted), so what would have been sent is evidence too.
   */
  sent: z.string().optional(),
  /**
   * Set when the effect is not the tool's (attribute.ts, server-level.ts): background (its kind and
   * path, or its process, were also seen while no call was open, or it came after the call had gone
   * quiet), every-call (seen on every call whatever the tool: one server-level finding instead),
   * process (made by a process the server started, `madeBy` says which and when: lineage.ts).
   * Older reports have the first two only.
   */
  aside: z.enum(EFFECT_ASIDES).optional(),
  /**
   * Made by a process the server started (lineage.ts; with aside "process", or alone on a canary
   * read, never set aside): its program, and when the server started it: before the first call
   * (start), while no call was open (idle), or during the call it is shown on (this-call: it came
   * later, while another call was open).
   */
  madeBy: z.object({ program: z.string(), startedIn: z.enum(MADE_BY_STARTS) }).optional(),
  /** The path was made (or tried) earlier in the same call: removing or replacing it destroys nothing that existed when the call began. */
  own: z.boolean().optional(),
  /**
   * A late effect (late.ts): it landed this many milliseconds after this call's answer, while no call
   * was open, and the server was idle before this call; it is judged on this call until a re-run alone
   * says otherwise.
   */
  lateMs: z.number().optional(),
});
export type Effect = z.infer<typeof effectSchema>;

/** ok: a result; tool-error: a result with isError; rejected: a JSON-RPC error; timeout; server-exited. */
export const CALL_OUTCOMES = ['ok', 'tool-error', 'rejected', 'timeout', 'server-exited'] as const;
export type CallOutcome = (typeof CALL_OUTCOMES)[number];

/** Where a call's arguments came from; "reused" and "traversal" are newer (older reports have the first two only). */
export const ARGUMENT_SOURCES = ['generated', 'given', 'reused', 'traversal'] as const;

export const callRecordSchema = z.object({
  tool: z.string(),
  /** 1, or 2 for the repeat of an idempotent tool. */
  round: z.number().int(),
  /** The arguments sent (JSON text, capped). */
  argumentsJson: z.string(),
  /** generated from inputSchema; given (--calls / the dashboard); reused: generated with an id field filled from an earlier listing call's result (reuse.ts); traversal: a path argument aimed out of the working folder at a canary (traversal.ts). */
  argumentsFrom: z.enum(ARGUMENT_SOURCES),
  outcome: z.enum(CALL_OUTCOMES),
  /** The error or the tool's error text (capped, control characters removed), or null. */
  message: z.string().nullable(),
  durationMs: z.number(),
  resultBytes: z.number().int(),
  effects: z.array(effectSchema),
  /** Effects seen at the server's start too (the runtime's own noise), left out of `effects`. */
  filteredAsNoise: z.number().int(),
  /** Files of the sandbox's writable folders that changed during the call (~/x, ./x, /tmp/x). */
  changed: z.array(z.string()),
  /**
   * Of those, files that were there before the call and changed without growing: rewritten in place
   * (an append only grows a file), whatever system call wrote them (issue 48). Older reports have none.
   */
  rewritten: z.array(z.string()).optional(),
  /**
   * Of those, files there before the call whose every old byte is still there, in order (kept.ts): a
   * rewrite that only added. Older reports have none.
   */
  kept: z.array(z.string()).optional(),
  /** Canaries whose access time moved during the call (read, whatever the trace saw). */
  canariesRead: z.array(z.string()).optional(),
  /** Requests the server sent the client from this call's request to the next (roots, sampling, elicitation), how each was answered; atMs from the call's request. */
  serverRequests: z.array(serverRequestSchema).optional(),
  /**
   * The listing tool whose result was to fill this call's id fields (reuse.ts); with argumentsFrom
   * still "generated", that listing gave no id (a failed call then "needs an id no listing gave").
   */
  idsFrom: z.string().optional(),
});
export type CallRecord = z.infer<typeof callRecordSchema>;

/** The claims a call can check (select.ts). */
export const CLAIMS = ['read-only', 'closed-world', 'non-destructive', 'idempotent'] as const;
export type Claim = (typeof CLAIMS)[number];

export const BEHAVIOUR_STATUSES = ['contradicted', 'inconclusive', 'clean', 'observed', 'not-exercised'] as const;
export type BehaviourStatus = (typeof BEHAVIOUR_STATUSES)[number];

export const toolBehaviourSchema = z.object({
  /** contradicted: a finding seen twice (the call, then its re-run alone in a fresh sandbox); inconclusive: a finding not seen again, or not confirmed; clean: a call succeeded and nothing contradicted the hints; observed: called with no claim to check; not-exercised: no call succeeded. */
  status: z.enum(BEHAVIOUR_STATUSES),
  claims: z.array(z.enum(CLAIMS)),
  /** One line: what was seen. */
  summary: z.string(),
  calls: z.array(callRecordSchema),
  /** The re-run alone in a fresh sandbox of a tool that looked contradicted (confirm.ts), when one was made. */
  confirmation: z
    .object({
      /** The findings of the first run that the re-run showed again. */
      reproduced: z.array(z.string()),
      calls: z.array(callRecordSchema),
    })
    .optional(),
});
export type ToolBehaviour = z.infer<typeof toolBehaviourSchema>;

/** The client the tools were called through: what it declared and spoke, and what the server asked of it at start. */
export const exerciseClientSchema = z.object({
  /** The client capabilities declared: those the audit declared (Report.clientSession). */
  declared: z.record(z.string(), z.unknown()),
  /** The revision spoken (the audit's), or null when the handshake failed. */
  protocolVersion: z.string().nullable(),
  /** The roots offered on roots/list (file URIs): the sandbox's working folder, never a host folder. */
  roots: z.array(z.string()),
  /** Requests the server sent before the first call, how each was answered; atMs from the server's start. */
  startRequests: z.array(serverRequestSchema),
});

export const hostFolderCopySchema = z.object({
  host: z.string(),
  sandbox: z.string(),
  files: z.number().int(),
  bytes: z.number().int(),
  leftOut: z.array(z.object({ path: z.string(), reason: z.string() })),
});

/** One host folder as the sandbox saw it: where its copy was, what was copied, what was left out and why (paths relative to it). */
export type HostFolderCopy = z.infer<typeof hostFolderCopySchema>;

/**
 * Why a tool was not reached (issue 47.4): one class for each place the exercise leaves a tool out
 * (select.ts, run.ts, call-loop.ts) or a call fails to reach what it does (reach.ts), with the words
 * shown for it. A tool is reached when a call of it was judged (any status but not-exercised).
 */
export const REACH_REASONS = {
  'no-claim': 'its hints claim nothing a trace can check (--exercise all calls it)',
  'same-name': 'a second tool of the same name cannot be called on its own',
  'call-cap': 'the call cap was reached',
  'time-budget': 'the time budget was spent',
  'start-failed': 'the sandboxed server did not start',
  'server-exited': 'the sandboxed server exited',
  'run-halted': 'the sandbox halted the run (its trace or process limit)',
  cancelled: 'the run was cancelled',
  'needs-id': 'its call needs an id no listing gave',
  'error-answer': 'its call was answered with an error',
  rejected: 'its call was refused (a JSON-RPC error)',
  timeout: 'its call got no answer in time',
  unclassified: 'the reason has no class (an older report)',
} as const;
export type ReachReason = keyof typeof REACH_REASONS;
const REACH_REASON_IDS = Object.keys(REACH_REASONS) as [ReachReason, ...ReachReason[]];

/** A tool left out, or one of its calls (an action value's, a traversal's): the class and the detail. */
export const skippedSchema = z.object({
  tool: z.string(),
  reason: z.string(),
  /** Older reports have none. */
  kind: z.enum(REACH_REASON_IDS).optional(),
});
export type Skipped = z.infer<typeof skippedSchema>;

/** How many of the listed tools were reached, and why the rest were not (reach.ts), grouped by class. */
export const reachSchema = z.object({
  listed: z.number().int(),
  reached: z.number().int(),
  notReached: z.array(z.object({ kind: z.enum(REACH_REASON_IDS), tools: z.array(z.string()) })),
});
export type Reach = z.infer<typeof reachSchema>;

export const exerciseFactsSchema = z.object({
  mode: z.enum(EXERCISE_MODES),
  sandbox: z.string(),
  tracer: z.string(),
  durationMs: z.number(),
  /** Effects between the server's start and the first call (the baseline; noise lives here). */
  startEffects: z.array(effectSchema),
  calls: z.number().int(),
  /** Tools not called, and calls not made, and why (no checkable claim, the call cap, the time budget). */
  skipped: z.array(skippedSchema),
  /** Tools reached of tools listed, and the classes of why the rest were not (older reports have none). */
  reach: reachSchema.optional(),
  /** What stopped the run early, or null. */
  stopped: z.string().nullable(),
  client: exerciseClientSchema.optional(),
  /** How the sandbox held: its limits, what it hides, and whether the trace is complete. */
  sandboxFacts: z
    .object({
      limits: z.array(z.string()),
      /** Why the evidence is incomplete (trace past its cap, tracer lost), or null. */
      incomplete: z.string().nullable(),
      traceBytes: z.number(),
      /** What the sandbox cannot see, said plainly. */
      blindSpots: z.array(z.string()),
    })
    .optional(),
  /** Findings about the server rather than one tool (server-level.ts): an effect on every call, start-up writes of an all-read-only server. */
  serverFindings: z
    .array(
      z.object({
        kind: z.enum(['every-call', 'start-write']),
        /** One line: what was seen and why it is the server's. */
        summary: z.string(),
        evidence: z.array(z.string()),
      }),
    )
    .optional(),
  /** The tools listed again during the calls (on list_changed, and once after the last): what changed mid-session. */
  relisted: z.array(relistingSchema).optional(),
  /** Host folders the server was given, each run on a copy in the sandbox (host-folders.ts), with what was left out. */
  hostFolders: z.array(hostFolderCopySchema).optional(),
});
export type ServerFinding = NonNullable<ExerciseFacts['serverFindings']>[number];
export type ExerciseFacts = z.infer<typeof exerciseFactsSchema>;
