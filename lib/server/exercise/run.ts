/**
 * The exercise (issue 23): start the server in the sandbox under strace, call the planned tools
 * one at a time (request → response → settle window → a quiet wait for late effects), snapshot the
 * writable folders around each call, stop the server, then read the whole trace and attribute every
 * effect to the server's start or to one call, during or after it. The verdicts are lib/core's
 * (judge.ts, apply.ts). Bounded by a time limit per call and in total and by a cap on calls.
 */
import { readFile } from 'node:fs/promises';
import { applyExercise, type ExercisedTool } from '../../core/exercise-apply';
import { attributeEffects, type CallWindow } from '../../core/exercise/attribute';
import { EffectReader, type TimedEffect } from '../../core/exercise/effects';
import type { CallRecord, ExerciseMode } from '../../core/exercise/schema';
import { EXERCISE_LIMITS, planExercise, type PlannedTool } from '../../core/exercise/select';
import { parseStrace } from '../../core/exercise/strace';
import type { Report } from '../../core/report';
import { childEnvironment } from '../process/child-env';
import { ProcessGroupStdioTransport } from '../mcp/stdio-transport';
import type { AuditTargetSpec } from '../audit/target-spec';
import { GENERATOR } from '../version';
import { generatedArguments } from './arguments';
import { argumentsText, callOutcome } from './calls';
import { changedPaths, makeSandboxFolders, removeSandboxFolders, snapshot } from './folders';
import { absoluteLaunch, checkSandbox, sandboxCommand } from './sandbox';
import { ExerciseSession } from './session';

export type ExerciseProgress =
  | { kind: 'plan'; tools: { name: string; rounds: number }[]; skipped: { tool: string; reason: string }[] }
  | { kind: 'call'; tool: string; round: number; index: number; total: number; argumentsJson: string }
  | {
      kind: 'called';
      tool: string;
      round: number;
      index: number;
      total: number;
      outcome: CallRecord['outcome'];
      durationMs: number;
    };

export interface ExerciseOptions {
  mode: ExerciseMode;
  /** Arguments per tool name (--calls FILE): each entry is one call (twice for an idempotent claim). */
  calls?: Readonly<Record<string, readonly Record<string, unknown>[]>>;
  callerEnv: Readonly<Record<string, string | undefined>>;
  signal?: AbortSignal;
  onProgress?: (event: ExerciseProgress) => void;
  limits?: Partial<typeof EXERCISE_LIMITS>;
}

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

export interface PlannedCall {
  tool: string;
  round: number;
  args: Record<string, unknown>;
  from: CallRecord['argumentsFrom'];
}

/** The calls to make: the plan's tools (and any named in `calls`), each entry of arguments once per round. */
export function planCalls(
  report: Report,
  options: Pick<ExerciseOptions, 'mode' | 'calls'>,
  maxCalls: number = EXERCISE_LIMITS.maxCalls,
): { tools: PlannedTool[]; calls: PlannedCall[]; skipped: { tool: string; reason: string }[] } {
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
  const calls: PlannedCall[] = [];
  for (const planned of tools) {
    const tool = report.tools.find((candidate) => candidate.name === planned.name);
    if (tool === undefined) continue;
    const argumentSets = given[planned.name] ?? [generatedArguments(tool)];
    const from = given[planned.name] === undefined ? 'generated' : 'given';
    for (const args of argumentSets)
      for (let round = 1; round <= planned.rounds; round += 1) {
        if (calls.length >= maxCalls) {
          skipped.push({ tool: planned.name, reason: `the cap of ${maxCalls} calls was reached` });
          break;
        }
        calls.push({ tool: planned.name, round, args, from });
      }
  }
  return { tools, calls, skipped };
}

/** Runs the exercise and returns the report with each called tool's behaviour and findings. */
export async function exerciseServer(
  target: Extract<AuditTargetSpec, { transport: 'stdio' }>,
  report: Report,
  options: ExerciseOptions,
): Promise<Report> {
  const limits = { ...EXERCISE_LIMITS, ...options.limits };
  const sandbox = await checkSandbox(options.callerEnv.PATH);
  const { tools, calls, skipped } = planCalls(report, options, limits.maxCalls);
  options.onProgress?.({ kind: 'plan', tools: tools.map((t) => ({ name: t.name, rounds: t.rounds })), skipped });
  const began = Date.now();
  const folders = await makeSandboxFolders();
  const launch = absoluteLaunch(target.command, target.args, target.cwd ?? process.cwd());
  const traced = sandboxCommand(sandbox, folders.hostTmp, folders.tracePath, launch.command, launch.args);
  const transport = new ProcessGroupStdioTransport({
    command: traced.command,
    args: traced.args,
    cwd: folders.root,
    env: childEnvironment(target.env, options.callerEnv).env,
    maxMessageBytes: limits.maxResultBytes * 16,
  });
  const session = new ExerciseSession(transport);
  const records: { call: PlannedCall; record: Omit<CallRecord, 'effects' | 'filteredAsNoise'>; window: CallWindow }[] =
    [];
  let stopped: string | null = null;
  const startedAt = Date.now();
  try {
    const hello = await session.initialize(GENERATOR.version, limits.callTimeoutMs);
    if (hello.kind !== 'result')
      stopped = `the sandboxed server did not initialize (${callOutcome(hello).message ?? hello.kind})`;
    else await sleep(limits.lateMs);
    let before = await snapshot(folders.hostTmp);
    for (const [index, call] of calls.entries()) {
      if (stopped !== null) break;
      if (options.signal?.aborted === true) {
        stopped = 'cancelled';
        break;
      }
      if (Date.now() - began > limits.totalTimeoutMs) {
        stopped = `the time budget of ${limits.totalTimeoutMs} ms was spent`;
        break;
      }
      const argumentsJson = argumentsText(call.args);
      options.onProgress?.({
        kind: 'call',
        tool: call.tool,
        round: call.round,
        index,
        total: calls.length,
        argumentsJson,
      });
      const requestedAt = Date.now();
      const answer = await session.request(
        'tools/call',
        { name: call.tool, arguments: call.args },
        limits.callTimeoutMs,
      );
      const respondedAt = Date.now();
      await sleep(limits.settleMs + limits.lateMs);
      const after = await snapshot(folders.hostTmp);
      const outcome = callOutcome(answer);
      records.push({
        call,
        window: { id: index, requestedAt, settledAt: respondedAt + limits.settleMs },
        record: {
          tool: call.tool,
          round: call.round,
          argumentsJson,
          argumentsFrom: call.from,
          ...outcome,
          durationMs: respondedAt - requestedAt,
          changed: changedPaths(before, after),
        },
      });
      before = after;
      options.onProgress?.({
        kind: 'called',
        tool: call.tool,
        round: call.round,
        index,
        total: calls.length,
        outcome: outcome.outcome,
        durationMs: respondedAt - requestedAt,
      });
      if (outcome.outcome === 'server-exited') stopped = 'the sandboxed server exited';
    }
  } finally {
    await transport.close();
  }
  try {
    const trace = await readFile(folders.tracePath, 'utf8').catch(() => '');
    const events = parseStrace(trace);
    // bubblewrap's own setup precedes the server's program: effects start at the second execve.
    const execs = events.filter((event) => event.name === 'execve' && event.ret === 0);
    const serverExec = execs[1]?.time ?? Number.POSITIVE_INFINITY;
    const reader = new EffectReader(folders.layout);
    const timed: TimedEffect[] = [];
    for (const event of events) {
      if (event.time < serverExec) continue;
      const effect = reader.read(event);
      if (effect !== null) timed.push(effect);
    }
    const attribution = attributeEffects(
      timed,
      records.map((entry) => entry.window),
      startedAt,
    );
    const exercised = new Map<string, ExercisedTool>();
    for (const planned of tools) exercised.set(planned.name, { claims: planned.claims, calls: [] });
    for (const entry of records) {
      const seen = attribution.calls.get(entry.window.id) ?? { effects: [], noise: 0 };
      exercised
        .get(entry.call.tool)
        ?.calls.push({ ...entry.record, effects: seen.effects, filteredAsNoise: seen.noise });
    }
    const notCalled = [...exercised].filter(([, tool]) => tool.calls.length === 0).map(([name]) => name);
    for (const name of notCalled) exercised.delete(name);
    return applyExercise(
      report,
      {
        mode: options.mode,
        sandbox: sandbox.bwrapVersion,
        tracer: sandbox.straceVersion,
        durationMs: Date.now() - began,
        startEffects: attribution.start,
        calls: records.length,
        skipped: [...skipped, ...notCalled.map((tool) => ({ tool, reason: stopped ?? 'not reached' }))],
        stopped,
      },
      exercised,
    );
  } finally {
    await removeSandboxFolders(folders);
  }
}
