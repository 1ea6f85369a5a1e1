/**
 * The text report's behaviour section (audit --exercise, issue 23): the sandbox and tracer, each
 * exercised tool's status and one line, the tools skipped and why, and what exercising cannot show.
 */
import type { Report } from '../core/report';
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
  out.push(
    style.dim(
      ' One set of arguments per tool, in a sandbox without network: other arguments, or the same server outside a sandbox, may behave differently.',
    ),
  );
  return out;
}
