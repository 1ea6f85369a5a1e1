/**
 * The exercise (issue 23): start the server in the sandbox under strace, call the planned tools
 * one at a time (request → response → settle window → a quiet wait for late effects), snapshot the
 * writable folders around each call, stop the server, then read the whole trace and attribute every
 * effect to the server's start or to one call, during or after it. The client declares what the
 * audit declared and answers the server's requests as the audit does (session.ts); each request is
 * recorded with the call it came during. The verdicts are lib/core's (judge.ts, apply.ts). Bounded by
 * a time limit per call and in total and by a cap on calls. A tool that looks contradicted is called
 * again alone in a fresh sandbox with the same arguments (confirm.ts) before it is accused. A tool
 * whose path only the server confines is also called with traversal arguments, last (traversal.ts).
 */
import { fileURLToPath } from 'node:url';
import { applyExercise, type ExercisedTool } from '../../core/report/exercise-apply';
import { callEffects, type Attribution } from '../../core/exercise/attribute';
import type { RequestAttribution } from '../../core/exercise/requests';
import type { ExerciseMode, Skipped } from '../../core/exercise/schema';
import { orderForReuse, reuseSources, type ReuseSource } from '../../core/exercise/reuse';
import { EXERCISE_LIMITS, harm, planExercise, type ExerciseLimits, type PlannedTool } from '../../core/exercise/select';
import type { Report } from '../../core/report/report';
import { redactorFor } from '../redact';
import { attributeRun } from './attribute-run';
import type { AuditTargetSpec } from '../target-spec';
import { generatedArguments } from './arguments';
import { runCalls, type CallEntry, type CallStop, type ExerciseProgress, type PlannedCall } from './call-loop';
import { confirmSuspects, type RunOutcome } from './confirm';
import { makeSandboxFolders, removeSandboxFolders, type SandboxFolders } from './folders';
import { traversalCalls, variantCalls } from './extra-calls';
import { checkSandbox, type SandboxTools } from './sandbox';
import { launchInSandbox } from './sandbox-launch';
import { ExerciseSession, exerciseClientOf } from './session';
import { SANDBOX_BLIND_SPOTS } from './blind-spots';
import { resolutionsOf, resolveCalls } from './resolutions';
import { withResolutions } from '../../core/declared/with-resolutions';
import { relistingsOf, withListingChanges } from '../../core/report/listing-changes';
import { ToolRelister } from './relist';
import { loadScaled, loadText } from '../../core/exercise/load';
import { measureLoad } from './load-probe';

export interface ExerciseOptions {
  mode: ExerciseMode;
  /** Arguments per tool name (--calls FILE): each entry is one call (twice for an idempotent claim). */
  calls?: Readonly<Record<string, readonly Record<string, unknown>[]>>;
  callerEnv: Readonly<Record<string, string | undefined>>;
  signal?: AbortSignal;
  onProgress?: (event: ExerciseProgress) => void;
  limits?: Partial<ExerciseLimits>;
  /** How the user raises limits.startTimeoutMs (default --connect-timeout; the API: connectTimeoutMs). */
  startOption?: string;
}

/** The calls to make: the plan's tools (and any named in `calls`), each entry of arguments once per round. */
export function planCalls(
  report: Report,
  options: Pick<ExerciseOptions, 'mode' | 'calls'>,
  maxCalls: number = EXERCISE_LIMITS.maxCalls,
): { tools: PlannedTool[]; calls: PlannedCall[]; skipped: Skipped[] } {
  const given = options.calls ?? {};
  const plan = planExercise(
    report.tools.map((tool) => ({ name: tool.name, effective: tool.effective })),
    options.mode,
    maxCalls,
  );
  const chosen = new Set(plan.tools.map((tool) => tool.name));
  // A tool named in --calls is called even when its hints claim nothing checkable.
  const extra = Object.keys(given).filter((name) => !chosen.has(name));
  const tools = [
    ...plan.tools,
    ...planExercise(
      report.tools
        .filter((tool) => extra.includes(tool.name))
        .map((tool) => ({ name: tool.name, effective: tool.effective })),
      'all',
      maxCalls,
    ).tools,
  ];
  const skipped = plan.skipped.filter((entry) => !extra.includes(entry.tool));
  const reuse = reusePlan(report, tools, given);
  const calls: PlannedCall[] = [];
  for (const planned of reuse.tools) {
    const tool = report.tools.find((candidate) => candidate.name === planned.name);
    if (tool === undefined) continue;
    const argumentSets = given[planned.name] ?? [generatedArguments(tool, tool.effective.readOnlyHint.value)];
    const from = given[planned.name] === undefined ? 'generated' : 'given';
    const source = reuse.sources.get(planned.name);
    for (const args of argumentSets)
      for (let round = 1; round <= planned.rounds; round += 1) {
        if (calls.length >= maxCalls) {
          skipped.push({ tool: planned.name, reason: `the cap of ${maxCalls} calls was reached`, kind: 'call-cap' });
          break;
        }
        calls.push({ tool: planned.name, round, args, from, ...(source === undefined ? {} : { reuse: source }) });
      }
  }
  calls.push(...variantCalls(report, reuse, given, maxCalls - calls.length, skipped));
  calls.push(...traversalCalls(report, reuse.tools, given, maxCalls - calls.length, skipped));
  return { tools: reuse.tools, calls, skipped };
}

/** The planned tools with each get tool after its listing tool (reuse.ts), and the sources of generated calls only. */
function reusePlan(
  report: Report,
  tools: readonly PlannedTool[],
  given: Readonly<Record<string, unknown>>,
): { tools: PlannedTool[]; sources: Map<string, ReuseSource> } {
  const known = tools.flatMap((planned) => {
    const tool = report.tools.find((candidate) => candidate.name === planned.name);
    return tool === undefined ? [] : [{ ...planned, harm: harm(tool.effective), inputSchema: tool.inputSchema }];
  });
  const sources = reuseSources(known);
  for (const name of Object.keys(given)) sources.delete(name);
  const ordered = orderForReuse(known, sources);
  const names = ordered.tools.map((tool) => tool.name);
  return {
    tools: [...tools].sort((a, b) => names.indexOf(a.name) - names.indexOf(b.name)),
    sources: ordered.sources,
  };
}

/** The called tools with their calls and the effects and server requests attributed to each; the tools never called, apart. */
export function exercisedTools(
  tools: readonly Pick<PlannedTool, 'name' | 'claims'>[],
  entries: readonly CallEntry[],
  attribution: Pick<Attribution, 'calls' | 'asideFolders'>,
  requests: Pick<RequestAttribution, 'calls'> = { calls: new Map() },
): { exercised: Map<string, ExercisedTool>; notCalled: string[] } {
  const exercised = new Map<string, ExercisedTool>();
  for (const planned of tools) exercised.set(planned.name, { claims: planned.claims, calls: [] });
  for (const entry of entries) {
    const { effects, noise } = callEffects(attribution, entry.window.id, entry.record);
    exercised.get(entry.call.tool)?.calls.push({
      ...entry.record,
      effects,
      filteredAsNoise: noise,
      serverRequests: requests.calls.get(entry.window.id) ?? [],
    });
  }
  const notCalled = [...exercised].filter(([, tool]) => tool.calls.length === 0).map(([name]) => name);
  for (const name of notCalled) exercised.delete(name);
  return { exercised, notCalled };
}

/** Runs the exercise and returns the report with each called tool's behaviour and findings. */
export async function exerciseServer(
  target: Extract<AuditTargetSpec, { transport: 'stdio' }>,
  report: Report,
  options: ExerciseOptions,
): Promise<Report> {
  const sandbox = await checkSandbox(options.callerEnv.PATH);
  const { limits, loadLine } = loadedLimits(options.limits);
  const plan = planCalls(report, options, limits.maxCalls);
  const { tools, skipped } = plan;
  options.onProgress?.({ kind: 'plan', tools: tools.map((t) => ({ name: t.name, rounds: t.rounds })), skipped });
  const began = Date.now();
  const once = async (runPlan: ReturnType<typeof planCalls>, quiet: boolean): Promise<RunOutcome> => {
    const folders = await makeSandboxFolders('tracer');
    // Removed on every way out: done, cancelled, out of time, or a failure to start or call.
    try {
      const runOptions = quiet ? { ...options, onProgress: undefined } : options;
      // The first run leaves a share of the budget for the re-runs (confirm.ts); a re-run may use it all.
      const reserveMs = quiet ? 0 : Math.min(limits.confirmReserveMs, limits.totalTimeoutMs / 4);
      const budget = { began, reserveMs };
      const run = {
        target,
        report,
        options: runOptions,
        limits,
        sandbox,
        plan: runPlan,
        budget,
        resolve: !quiet,
        loadLine,
      };
      return await exerciseIn(folders, run);
    } finally {
      await removeSandboxFolders(folders);
    }
  };
  const first = await once(plan, false);
  const confirmed = await confirmSuspects(report, first, plan, {
    limits,
    began,
    signal: options.signal,
    rerun: async (tool, calls, warmUp) => {
      const again = await once({ tools: warmUp === undefined ? [tool] : [warmUp, tool], calls, skipped: [] }, true);
      return { tool: again.exercised.get(tool.name), stopped: again.facts.stopped };
    },
  });
  // A tool changed after list_changed during the calls is a finding on it (core/report/listing-changes.ts).
  const exercised = applyExercise(report, { ...first.facts, durationMs: Date.now() - began }, confirmed);
  const applied = withListingChanges(exercised, relistingsOf(exercised));
  const declared = withResolutions(applied.declared, first.resolutions ?? [], applied.server?.version ?? null);
  return declared === undefined ? applied : { ...applied, declared };
}

/** The host folders the audit offered as roots (--root), to be copied for the exercise's roots/list. */
function userRoots(report: Pick<Report, 'clientSession'>): string[] {
  const session = report.clientSession;
  if (session?.rootsSource !== 'user') return [];
  return session.roots.flatMap((uri) => {
    try {
      return [fileURLToPath(uri)];
    } catch {
      return [];
    }
  });
}

/**
 * The tools planned and never called that had calls to make: the stop that came first (a tool
 * whose calls were all left out by the cap already has its entry in the plan's `skipped`).
 */
function notCalledEntries(
  notCalled: readonly string[],
  calls: readonly PlannedCall[],
  stop: CallStop | null,
): Skipped[] {
  return notCalled
    .filter((tool) => calls.some((call) => call.tool === tool))
    .map((tool) => ({ tool, reason: stop?.text ?? 'not reached', kind: stop?.kind ?? 'unclassified' }));
}

interface ExerciseRun {
  target: Extract<AuditTargetSpec, { transport: 'stdio' }>;
  report: Report;
  options: ExerciseOptions;
  limits: ExerciseLimits;
  sandbox: SandboxTools;
  plan: ReturnType<typeof planCalls>;
  /** When the exercise began, and the share of the time budget this run leaves for the re-runs (call-loop.ts). */
  budget: { began: number; reserveMs: number };
  /** Resolve the resolvable tools before the calls (the first run). */
  resolve: boolean;
  /** How the settle windows were stretched for the machine's load (core/exercise/load.ts), or null. */
  loadLine: string | null;
}

/**
 * The run's limits: the defaults and the caller's, with the settle and idle windows stretched by the
 * load measured now (load-probe.ts); a window the caller set is kept as set.
 */
function loadedLimits(given: Partial<ExerciseLimits> | undefined): { limits: ExerciseLimits; loadLine: string | null } {
  const base: ExerciseLimits = { ...EXERCISE_LIMITS, ...given };
  const load = measureLoad();
  const scaled = loadScaled(base, load.factor);
  const limits: ExerciseLimits = {
    ...scaled,
    settleMs: given?.settleMs ?? scaled.settleMs,
    lateMs: given?.lateMs ?? scaled.lateMs,
    maxSettleMs: given?.maxSettleMs ?? scaled.maxSettleMs,
  };
  return { limits, loadLine: loadText(load.factor, limits, load.wallMs, load.cpuMs) };
}

/**
 * Starts the sandboxed server in `folders`, makes the calls, stops it, and attributes what the trace shows.
 * Long because: one sandbox's life in order (launch, calls with their relisting, release in one finally, attribution, facts); each step reads the one before.
 */
async function exerciseIn(folders: SandboxFolders, run: ExerciseRun): Promise<RunOutcome> {
  const { options, limits, sandbox, budget } = run;
  const { tools, skipped } = run.plan;
  // Resolutions are made in the first run only, never in a suspect's re-run.
  const calls = [...(run.resolve ? resolveCalls(run.report) : []), ...run.plan.calls];
  const launch = launchInSandbox(run.target, sandbox, folders, {
    callerEnv: options.callerEnv,
    maxMessageBytes: limits.maxResultBytes * 16,
    roots: userRoots(run.report),
  });
  const redactor = redactorFor(run.target, options.callerEnv);
  const session = new ExerciseSession(launch.transport, exerciseClientOf(run.report), redactor, {
    roots: launch.roots,
  });
  const stop = (): void => {
    void session.close();
  };
  // Ctrl-C ends the call in flight at once: the sandbox goes, the pending request fails.
  options.signal?.addEventListener('abort', stop, { once: true });
  launch.watch.start(stop);
  const startedAt = Date.now();
  const relister = new ToolRelister(session, run.report.tools, limits.callTimeoutMs);
  let made: Awaited<ReturnType<typeof runCalls>>;
  try {
    made = await runCalls(
      {
        session,
        snapshot: () => launch.watch.snapshot(),
        halted: () => launch.watch.halted,
        tracePath: folders.tracePath,
        activity: () => launch.watch.activity(),
        limits,
        ...budget,
        signal: options.signal,
        onProgress: options.onProgress,
        relist: (after, force) => relister.relist(after, force),
        repeatForListing: run.resolve,
        ...(options.startOption === undefined ? {} : { startOption: options.startOption }),
      },
      calls,
    );
  } finally {
    launch.release();
    launch.watch.stop();
    options.signal?.removeEventListener('abort', stop);
    await session.close();
  }
  const entries = made.entries.filter((entry) => entry.resolved === undefined && entry.call.unjudged !== true);
  const halted = launch.watch.halted;
  const ended: CallStop | null = halted === null ? made.stopped : { kind: 'run-halted', text: halted };
  const stopped = ended?.text ?? null;
  const windows = made.entries.map((entry) => entry.window);
  const { attribution, requests, incomplete, traceBytes } = await attributeRun({
    folders,
    launch,
    session,
    redactor,
    windows,
    startedAt,
  });
  const { exercised, notCalled } = exercisedTools(tools, entries, attribution, requests);
  return {
    exercised,
    made: entries.map((entry) => entry.call),
    resolutions: resolutionsOf(made.entries, attribution, run.report, incomplete),
    facts: {
      mode: options.mode,
      sandbox: sandbox.bwrapVersion,
      tracer: sandbox.straceVersion,
      durationMs: Date.now() - budget.began,
      startEffects: attribution.start,
      calls: entries.length,
      skipped: [...skipped, ...notCalledEntries(notCalled, run.plan.calls, ended)],
      stopped,
      client: {
        declared: { ...session.client.capabilities },
        protocolVersion: session.protocolVersion,
        roots: session.offeredRoots,
        startRequests: requests.start,
      },
      sandboxFacts: {
        limits: [...launch.limits, ...(run.loadLine === null ? [] : [run.loadLine])],
        incomplete,
        traceBytes,
        blindSpots: [...SANDBOX_BLIND_SPOTS],
      },
      ...(launch.hostFolders.length === 0 ? {} : { hostFolders: launch.hostFolders }),
      relisted: relister.relisted,
    },
  };
}
