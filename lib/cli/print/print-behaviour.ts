/**
 * The text report's behaviour section (audit --exercise, issue 23): a summary box first (counts by
 * status, tools reached of tools listed and why the rest were not, each reason with its class (issue
 * 47.4), the calls left out of tools reached, the server-level findings, what the run proved and
 * cannot prove; core/exercise-overview.ts), the sandbox and tracer, each exercised tool's status and
 * one line with every call's outcome and arguments (and its re-run's), the client the calls went through
 * (its capabilities, the roots it offered, each request the server sent it and the answer), and what
 * exercising cannot show.
 */
import { hostFolderText } from '../../core/exercise/host-folders';
import { describeCapabilities } from '../../core/capabilities/declared';
import { argumentsLabel, outcomeText } from '../../core/exercise/judge';
import { exerciseOverview } from '../../core/report/exercise-overview';
import type { CallRecord } from '../../core/exercise/schema';
import type { Report } from '../../core/report/report';
import { relistedChangeLines, renderRequestLines } from './print-session';
import { terminalSafe, type TextStyle } from './terminal';

/** How a behaviour status is coloured: the severity it reads as. */
export const STATUS_SEVERITY = {
  contradicted: 'high',
  inconclusive: 'medium',
  'not-exercised': 'medium',
  observed: 'low',
  clean: 'info',
} as const;

/** The box the section opens with: counts, grouped reasons, server-level findings, proves / cannot prove. */
export function renderOverviewLines(report: Report, style: TextStyle): string[] {
  const overview = exerciseOverview(report);
  if (overview === null) return [];
  const counts = overview.counts
    .map(({ status, tools }) => (tools === 0 ? status : style.severity(STATUS_SEVERITY[status], status)) + ` ${tools}`)
    .join(' · ');
  const out = [` ┌ exercise summary: ${counts}`, ` │ ${overview.reachLine}`];
  const names = (tools: readonly string[]): string => tools.map((tool) => terminalSafe(tool, 64)).join(', ');
  for (const { kind, reason, tools } of overview.reasons)
    out.push(` │ not reached (${kind}), ${terminalSafe(reason, 160)}: ${names(tools)}`);
  for (const { kind, reason, tools } of overview.leftOut)
    out.push(style.dim(` │ a call left out (${kind}), ${terminalSafe(reason, 160)}: ${names(tools)}`));
  for (const finding of overview.serverFindings)
    out.push(` │ ${style.bold('server-level')} (${finding.kind}): ${terminalSafe(finding.summary, 300)}`);
  out.push(` │ proved: ${overview.proved}`);
  out.push(style.dim(` └ cannot prove: ${overview.cannotProve}`));
  return out;
}

function callLine(call: CallRecord, label: string): string {
  return `   ${label}: ${terminalSafe(outcomeText(call), 200)} · ${argumentsLabel(call)} ${terminalSafe(call.argumentsJson, 300)}`;
}

export function renderBehaviourLines(report: Report, style: TextStyle): string[] {
  const facts = report.exercise;
  if (facts === undefined) return [];
  const out = [
    '',
    ...renderOverviewLines(report, style),
    `behaviour in a sandbox (${terminalSafe(facts.sandbox, 60)}, ${terminalSafe(facts.tracer, 60)}; ${facts.calls} calls, ${(facts.durationMs / 1000).toFixed(1)} s, --exercise ${facts.mode}):`,
  ];
  for (const tool of report.tools) {
    const behaviour = tool.behaviour;
    if (behaviour === undefined) continue;
    const status = style.severity(STATUS_SEVERITY[behaviour.status], behaviour.status);
    out.push(` ${terminalSafe(tool.name, 128)}: ${status} · ${terminalSafe(behaviour.summary, 400)}`);
    for (const [i, call] of behaviour.calls.entries())
      out.push(style.dim(callLine(call, `call ${i + 1}${call.round > 1 ? ' (repeat)' : ''}`)));
    for (const call of behaviour.confirmation?.calls ?? []) out.push(style.dim(callLine(call, 're-run alone')));
  }
  for (const skipped of facts.skipped)
    out.push(style.dim(` ${terminalSafe(skipped.tool, 128)}: not called (${terminalSafe(skipped.reason, 200)})`));
  if (facts.stopped !== null) out.push(style.dim(` stopped early: ${terminalSafe(facts.stopped, 200)}`));
  for (const entry of facts.relisted ?? []) {
    const what =
      entry.error ??
      `${entry.changes?.length ?? 0} tool${entry.changes?.length === 1 ? '' : 's'} changed, added or removed`;
    out.push(
      ` tools listed again at +${entry.atMs} ms, after ${terminalSafe(entry.after ?? 'a call', 200)}: ${terminalSafe(what, 200)}`,
    );
    out.push(...relistedChangeLines(entry.changes ?? [], style));
  }
  out.push(...renderSandboxLines(facts.sandboxFacts, style));
  for (const copy of facts.hostFolders ?? [])
    out.push(style.dim(` host folder: ${terminalSafe(hostFolderText(copy), 600)}`));
  out.push(...renderClientLines(report, style));
  out.push(
    style.dim(
      ' One set of arguments per tool, in a sandbox without network: other arguments, or the same server outside a sandbox, may behave differently.',
    ),
  );
  return out;
}

/** The sandbox's limits, whether its evidence is complete, and what it cannot see. */
function renderSandboxLines(sandbox: NonNullable<Report['exercise']>['sandboxFacts'], style: TextStyle): string[] {
  if (sandbox === undefined) return [];
  const out: string[] = [];
  if (sandbox.incomplete !== null)
    out.push(` ${style.severity('high', 'inconclusive run')}: ${terminalSafe(sandbox.incomplete, 300)}`);
  out.push(style.dim(` limits: ${sandbox.limits.map((limit) => terminalSafe(limit, 200)).join('; ')}`));
  out.push(style.dim(` cannot see: ${sandbox.blindSpots.map((spot) => terminalSafe(spot, 300)).join(' ')}`));
  return out;
}

/** The exercise's client: what it declared (the audit's), the roots it offered, and the server's requests. */
function renderClientLines(report: Report, style: TextStyle): string[] {
  const client = report.exercise?.client;
  if (client === undefined) return [];
  const declared = describeCapabilities(client.declared).map((text) => terminalSafe(text, 100));
  const roots = client.roots.map((uri) => terminalSafe(uri, 200));
  const version = client.protocolVersion === null ? '' : `, protocol ${terminalSafe(client.protocolVersion, 40)}`;
  const offered = roots.length === 0 ? '' : `; roots offered: ${roots.join(', ')} (the sandbox's working folder)`;
  const what = declared.length === 0 ? 'no capability' : declared.join(', ');
  const out = [style.dim(` client: declared ${what} (as the audit did)${version}${offered}`)];
  for (const request of client.startRequests) out.push(...renderRequestLines(request, style, 'at start: '));
  for (const tool of report.tools)
    for (const call of tool.behaviour?.calls ?? [])
      for (const request of call.serverRequests ?? [])
        out.push(...renderRequestLines(request, style, `during ${terminalSafe(tool.name, 128)}: `));
  return out;
}
