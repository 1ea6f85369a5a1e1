/**
 * Folding an exercise into the Report: each called tool gets its behaviour record and its behaviour
 * findings as flags (replacing any from an earlier exercise), then the risk order, the summary and
 * the flag explanations are computed again, so every consumer (table, CSV, SARIF, contracts,
 * history) reads the observed contradictions like any other flag. Before judging, what is the
 * server's rather than a tool's is set aside (server-level.ts) and kept in `facts.serverFindings`;
 * a contradiction stands only when the tool's re-run alone (`confirmCalls`) showed it again (judge.ts).
 * The tools reached of those listed, and why the rest were not, are kept in `facts.reach` (reach.ts).
 */
import { FLAG_DEFINITIONS } from '../flags/catalogue';
import type { Report } from './report';
import { assessRisk, rankTools } from './risk';
import { summarize } from './summary';
import { BEHAVIOUR_FINDING_IDS } from '../exercise/definitions';
import { judgeTool, NOT_RERUN } from '../exercise/judge';
import type { CallRecord, Claim, ExerciseFacts } from '../exercise/schema';
import { reachOf } from '../exercise/reach';
import { serverLevel } from '../exercise/server-level';

export interface ExercisedTool {
  claims: Claim[];
  calls: CallRecord[];
  /** The tool's re-run alone in a fresh sandbox, when it looked contradicted (undefined: none made). */
  confirmCalls?: CallRecord[];
  /** Why a suspect was not re-run (the time budget spent, the run cancelled), when it was not. */
  notRerun?: string;
}

/** The tools' calls with the server's own effects set aside, and the server-level findings. */
export function setAside(
  facts: Pick<ExerciseFacts, 'startEffects'>,
  tools: ReadonlyMap<string, ExercisedTool>,
  everyToolReadOnly: boolean,
): { tools: Map<string, ExercisedTool>; findings: NonNullable<ExerciseFacts['serverFindings']> } {
  const level = serverLevel(
    new Map([...tools].map(([name, tool]) => [name, tool.calls])),
    facts.startEffects,
    everyToolReadOnly,
  );
  const aside = new Map<string, ExercisedTool>();
  for (const [name, tool] of tools) aside.set(name, { ...tool, calls: level.calls.get(name) ?? tool.calls });
  return { tools: aside, findings: level.findings };
}

const BEHAVIOUR_IDS: ReadonlySet<string> = new Set(BEHAVIOUR_FINDING_IDS);

/** The report with `facts` and, for every tool in `tools` (by name), its behaviour and findings. */
export function applyExercise(report: Report, facts: ExerciseFacts, given: ReadonlyMap<string, ExercisedTool>): Report {
  const everyToolReadOnly = report.tools.length > 0 && report.tools.every((tool) => tool.effective.readOnlyHint.value);
  const { tools, findings: serverFindings } = setAside(facts, given, everyToolReadOnly);
  const judged = report.tools.map((tool) => {
    const exercised = tools.get(tool.name);
    if (exercised === undefined) return tool;
    const runDoubt = facts.sandboxFacts?.incomplete ?? null;
    const { findings, behaviour } = judgeTool(
      exercised.calls,
      exercised.claims,
      exercised.confirmCalls,
      runDoubt,
      exercised.notRerun ?? NOT_RERUN,
    );
    const flags = [...tool.flags.filter((flag) => !BEHAVIOUR_IDS.has(flag.id)), ...findings];
    // A poisoned level stays poisoned (assessRisk needs to know the named tool writes); the inferred
    // effect stays too (its tier is a key of the order).
    const risk = {
      ...assessRisk(tool.class, flags, tool.risk.level === 'poisoned', tool.risk.inferred ?? null, tool.name),
      rank: tool.risk.rank,
    };
    return {
      ...tool,
      flags,
      risk,
      riskScore: risk.score,
      behaviour,
    };
  });
  const ranks = rankTools(judged);
  const ranked = judged.map((tool) => ({
    ...tool,
    risk: { ...tool.risk, rank: ranks.get(tool.index) ?? tool.risk.rank },
  }));
  const flagDefinitions = { ...report.flagDefinitions };
  for (const tool of ranked) for (const flag of tool.flags) flagDefinitions[flag.id] = FLAG_DEFINITIONS[flag.id];
  return {
    ...report,
    tools: ranked,
    summary: summarize(ranked),
    flagDefinitions,
    exercise: { ...facts, serverFindings, reach: reachOf(ranked, facts.skipped) },
  };
}
