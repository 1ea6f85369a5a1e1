/**
 * The text report's behaviour section (audit --exercise, issue 23): the sandbox and tracer, each
 * exercised tool's status and one line, the tools skipped and why, the client the calls went through
 * (its capabilities, the roots it offered, each request the server sent it and the answer), and what
 * exercising cannot show.
 */
import { describeCapabilities } from '../../core/capabilities/declared';
import type { Report } from '../../core/report';
import { renderRequestLines } from './print-session';
import { terminalSafe, type TextStyle } from './terminal';

const STATUS_SEVERITY = { contradicted: 'high', 'not-exercised': 'medium', observed: 'low', clean: 'info' } as const;

export function renderBehaviourLines(report: Report, style: TextStyle): string[] {
  const facts = report.exercise;
  if (facts === undefined) return [];
  const out = [
    '',
    `behaviour in a sandbox (${terminalSafe(facts.sandbox, 60)}, ${terminalSafe(facts.tracer, 60)}; ${facts.calls} calls, ${(facts.durationMs / 1000).toFixed(1)} s, --exercise ${facts.mode}):`,
  ];
  for (const tool of report.tools) {
    const behaviour = tool.behaviour;
    if (behaviour === undefined) continue;
    const status = style.severity(STATUS_SEVERITY[behaviour.status], behaviour.status);
    out.push(` ${terminalSafe(tool.name, 128)}: ${status} · ${terminalSafe(behaviour.summary, 400)}`);
  }
  for (const skipped of facts.skipped)
    out.push(style.dim(` ${terminalSafe(skipped.tool, 128)}: not called (${terminalSafe(skipped.reason, 200)})`));
  if (facts.stopped !== null) out.push(style.dim(` stopped early: ${terminalSafe(facts.stopped, 200)}`));
  out.push(...renderClientLines(report, style));
  out.push(
    style.dim(
      ' One set of arguments per tool, in a sandbox without network: other arguments, or the same server outside a sandbox, may behave differently.',
    ),
  );
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
