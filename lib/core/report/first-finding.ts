/**
 * The first finding of the risk order, shown as "worst" in history lists and the servers overview
 * (their worstFlag and worstSeverity fields). Not the gate's "worst" (audit-gate.ts
 * worstAuditSeverity: the most severe finding anywhere, OAuth included) nor Summary.worstSeverity
 * (the most severe tool flag). The tool the risk order puts first (risk.ts: severity, then level, then
 * signals, then name) and, of its flags, the most severe; at equal severity a signal in the tool's
 * own text (hidden characters, another tool named, code execution, …: the reason it ranks where it
 * does) comes before what its annotations say, then the catalogue's order. Null when no tool is
 * flagged. It names what to read first; it does not measure harm.
 */
import { FLAG_IDS, type Flag, type FlagId } from '../flags/catalogue';
import { severityRank, type Severity } from '../severity';
import { SIGNAL_FLAGS, inRiskOrder } from './risk';
import type { Report } from './report';

function flagOrder(id: FlagId): number {
  const signal = (SIGNAL_FLAGS as readonly FlagId[]).indexOf(id);
  return signal === -1 ? SIGNAL_FLAGS.length + FLAG_IDS.indexOf(id) : signal;
}

/** A tool's flags, first finding first. */
export function flagsInOrder(flags: readonly Flag[]): Flag[] {
  return [...flags].sort(
    (a, b) => severityRank(a.severity) - severityRank(b.severity) || flagOrder(a.id) - flagOrder(b.id),
  );
}

export function firstFinding(report: Pick<Report, 'tools'>): { severity: Severity; id: FlagId; tool: string } | null {
  const [top] = inRiskOrder(report.tools);
  const [first] = flagsInOrder(top?.flags ?? []);
  return top === undefined || first === undefined ? null : { severity: first.severity, id: first.id, tool: top.name };
}
