/**
 * Folding the tool listings made again inside a session (after notifications/tools/list_changed:
 * the audit's listening window, the exercise, the playground) into the Report: each change
 * (capabilities/listing-change.ts) becomes a finding on the tool of that name (a changed definition
 * critical, with its word diff), or a server-wide finding on tools/list when the Report lists no such
 * tool (one added later to an exercise, one removed after the audit's window). Then the risk order,
 * the summary and the flag explanations are computed again, as for an exercise (exercise-apply.ts).
 */
import { listingChangeFinding, LISTING_CHANGE_FINDING_IDS } from '../capabilities/listing-change';
import type { Relisting } from '../capabilities/session';
import { FLAG_DEFINITIONS, type Flag } from '../flags/catalogue';
import type { Report } from './report';
import { assessRisk, rankTools } from './risk';
import { summarize } from './summary';
import { severityRank } from '../severity';

const IDS: ReadonlySet<string> = new Set(LISTING_CHANGE_FINDING_IDS);

/** "Listed again at +812 ms, after the 3rd call (get_weather_forecast)": when a relisting was made. */
export const relistedWhen = (relisting: Pick<Relisting, 'atMs' | 'after'>): string =>
  `Listed again at +${relisting.atMs} ms${relisting.after === undefined ? '' : `, after ${relisting.after}`}`;

/** The report with every change of `relisted` raised (replacing the findings of an earlier fold). */
export function withListingChanges(report: Report, relisted: readonly Relisting[]): Report {
  const byTool = new Map<string, Flag[]>();
  const elsewhere: Flag[] = [];
  const names = new Set(report.tools.map((tool) => tool.name));
  for (const relisting of relisted)
    for (const change of relisting.changes ?? []) {
      const finding = listingChangeFinding(change, relistedWhen(relisting));
      if (names.has(change.tool)) byTool.set(change.tool, [...(byTool.get(change.tool) ?? []), finding]);
      else elsewhere.push(finding);
    }
  if (byTool.size === 0 && elsewhere.length === 0) return report;
  const tools = report.tools.map((tool) => {
    const raised = byTool.get(tool.name);
    if (raised === undefined) return tool;
    const flags = [...tool.flags.filter((flag) => !IDS.has(flag.id)), ...raised].sort(
      (a, b) => severityRank(a.severity) - severityRank(b.severity),
    );
    const risk = assessRisk(tool.class, flags, tool.risk.level === 'poisoned', tool.risk.inferred ?? null, tool.name);
    return { ...tool, flags, risk: { ...risk, rank: tool.risk.rank }, riskScore: risk.score };
  });
  const ranks = rankTools(tools);
  const ranked = tools.map((tool) => ({
    ...tool,
    risk: { ...tool.risk, rank: ranks.get(tool.index) ?? tool.risk.rank },
  }));
  const flagDefinitions = { ...report.flagDefinitions };
  for (const flag of [...ranked.flatMap((tool) => tool.flags), ...elsewhere])
    flagDefinitions[flag.id] = FLAG_DEFINITIONS[flag.id];
  const surface =
    report.surface === undefined
      ? undefined
      : {
          ...report.surface,
          findings: [
            ...report.surface.findings.filter((finding) => !IDS.has(finding.id)),
            ...elsewhere.map((finding) => ({ ...finding, subject: 'tools/list' })),
          ],
        };
  return {
    ...report,
    tools: ranked,
    summary: summarize(ranked),
    flagDefinitions,
    ...(surface === undefined ? {} : { surface }),
  };
}

/** Every relisting of a report: the audit's listening window and the exercise's. */
export const relistingsOf = (report: Pick<Report, 'clientSession' | 'exercise'>): Relisting[] => [
  ...(report.clientSession?.relisted ?? []),
  ...(report.exercise?.relisted ?? []),
];
