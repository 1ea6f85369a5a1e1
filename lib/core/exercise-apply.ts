/**
 * Folding an exercise into the Report: each called tool gets its behaviour record and its behaviour
 * findings as flags (replacing any from an earlier exercise), then the risk order, the summary and
 * the flag explanations are computed again, so every consumer (table, CSV, SARIF, contracts,
 * history) reads the observed contradictions like any other flag.
 */
import { FLAG_DEFINITIONS } from './flags';
import type { Report } from './report';
import { assessRisk, rankTools } from './risk';
import { summarize } from './summary';
import { BEHAVIOUR_FINDING_IDS } from './exercise/definitions';
import { behaviourFindings, toolBehaviour } from './exercise/judge';
import type { CallRecord, Claim, ExerciseFacts } from './exercise/schema';

export interface ExercisedTool {
  claims: Claim[];
  calls: CallRecord[];
}

const BEHAVIOUR_IDS: ReadonlySet<string> = new Set(BEHAVIOUR_FINDING_IDS);

/** The report with `facts` and, for every tool in `tools` (by name), its behaviour and findings. */
export function applyExercise(report: Report, facts: ExerciseFacts, tools: ReadonlyMap<string, ExercisedTool>): Report {
  const judged = report.tools.map((tool) => {
    const exercised = tools.get(tool.name);
    if (exercised === undefined) return tool;
    const findings = behaviourFindings(exercised.calls, exercised.claims, facts.sandboxFacts?.incomplete ?? null);
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
      behaviour: toolBehaviour(exercised.calls, exercised.claims, findings),
    };
  });
  const ranks = rankTools(judged);
  const ranked = judged.map((tool) => ({
    ...tool,
    risk: { ...tool.risk, rank: ranks.get(tool.index) ?? tool.risk.rank },
  }));
  const flagDefinitions = { ...report.flagDefinitions };
  for (const tool of ranked) for (const flag of tool.flags) flagDefinitions[flag.id] = FLAG_DEFINITIONS[flag.id];
  return { ...report, tools: ranked, summary: summarize(ranked), flagDefinitions, exercise: facts };
}
