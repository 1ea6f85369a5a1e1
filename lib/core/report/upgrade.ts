/**
 * Reading a Report saved by an earlier build. Schema version 1 gained three required fields after
 * its first exports: each tool's `risk` (its place in the risk order, risk.ts) and the summary's
 * `classCounts` and `worstSeverity` (summary.ts). All three are functions of what such a file
 * already holds (each tool's class and flags), so a version-1 file without them is upgraded by
 * computing them with today's rules, deterministically, and the upgrade says what it computed.
 * Flags are never re-derived: they stay as the earlier build raised them, so a flag that build did
 * not know is missing, and the notes say so. Another schema version is refused, with both named.
 */
import { z } from 'zod';
import { REPORT_SCHEMA_VERSION, reportSchema, type Report } from './report';
import { assessRisk, rankTools, riskSchema, type Risk } from './risk';
import { summarize, summarySchema } from './summary';
import { toolReportSchema } from './tool-report';
import { isRecord } from '../is-record';

/** A version-1 report as earlier builds wrote it: the fields added later may be absent. */
const earlierReportSchema = reportSchema.extend({
  summary: summarySchema.extend({
    classCounts: summarySchema.shape.classCounts.optional(),
    worstSeverity: summarySchema.shape.worstSeverity.optional(),
  }),
  tools: z.array(toolReportSchema.extend({ risk: riskSchema.optional() })),
});

export type ReportReading =
  /** upgrades: what was computed, one sentence each; empty for a current report. */
  | { ok: true; report: Report; upgrades: string[] }
  | { ok: false; problem: 'other-version'; found: unknown; generator: string | null }
  | { ok: false; problem: 'not-a-report'; error: z.ZodError };

/** "mcp-hintcheck 0.1.0" from a file's generator field, or null when it has none. */
function generatorOf(json: Record<string, unknown>): string | null {
  const generator = json.generator;
  if (!isRecord(generator) || typeof generator.name !== 'string') return null;
  return typeof generator.version === 'string' ? `${generator.name} ${generator.version}` : generator.name;
}

/** Validates parsed JSON as a Report, upgrading a version-1 report written before the risk order. */
export function readReport(json: unknown): ReportReading {
  if (isRecord(json) && 'schemaVersion' in json && json.schemaVersion !== REPORT_SCHEMA_VERSION) {
    return { ok: false, problem: 'other-version', found: json.schemaVersion, generator: generatorOf(json) };
  }
  const earlier = earlierReportSchema.safeParse(json);
  if (!earlier.success) {
    // The strict schema's issues name what a current report needs.
    const strict = reportSchema.safeParse(json);
    return { ok: false, problem: 'not-a-report', error: strict.success ? earlier.error : strict.error };
  }
  const saved = earlier.data;
  const upgrades: string[] = [];

  const unranked = new Set(saved.tools.filter((tool) => tool.risk === undefined).map((tool) => tool.index));
  let tools = saved.tools.map((tool) => ({
    ...tool,
    risk: tool.risk ?? { ...assessRisk(tool.class, tool.flags), rank: 0 },
  }));
  if (unranked.size > 0) {
    // Ranks depend on the whole listing, so all are recomputed from the scores; riskScore, which
    // held the earlier class-driven score, follows risk.score as in every current report.
    const ranks = rankTools(tools);
    tools = tools.map((tool) => {
      const risk: Risk = { ...tool.risk, rank: ranks.get(tool.index) ?? 0 };
      return { ...tool, risk, riskScore: unranked.has(tool.index) ? risk.score : tool.riskScore };
    });
    const by = `${saved.generator.name} ${saved.generator.version}`;
    upgrades.push(
      `Saved by ${by} before the risk order existed: the order of ${unranked.size === 1 ? 'its tool' : `its ${unranked.size} tools`} was computed from the saved classes and flags with today's rule.`,
      "Flags this version raises but that build did not (such as the signals in a tool's own text) are not in the file: audit the server again to get them.",
    );
  }

  const { classCounts, worstSeverity } = saved.summary;
  const recount = summarize(tools);
  const summary = {
    ...saved.summary,
    classCounts: classCounts ?? recount.classCounts,
    worstSeverity: worstSeverity === undefined ? recount.worstSeverity : worstSeverity,
  };
  const counted = [
    ...(classCounts === undefined ? ['counts by class'] : []),
    ...(worstSeverity === undefined ? ['worst severity'] : []),
  ];
  if (counted.length > 0) upgrades.push(`Counted from the saved tools: the summary's ${counted.join(' and ')}.`);

  const report = reportSchema.safeParse({ ...saved, summary, tools });
  return report.success
    ? { ok: true, report: report.data, upgrades }
    : { ok: false, problem: 'not-a-report', error: report.error };
}
