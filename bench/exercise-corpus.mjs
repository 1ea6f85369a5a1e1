// Precision, recall and tools reached on the labelled behaviour corpus (issue 47.9;
// test/corpus/exercise-labels.ts), each server exercised once as the corpus test runs it.
//   precision: accused tools that are labelled lies / accused tools
//   recall:    labelled lies accused / labelled lies (`contradicted`, plus `missed`: lies known by
//              reading the source that the exercise does not reach)
//   reached:   tools with a call that succeeded (clean, contradicted, inconclusive, observed) / tools listed
// Printed for the corpus before issue 47.9 (the entries without `since: '47.9'`) and after (all).
// Usage: node bench/exercise-corpus.mjs   (after npm run build:cli)
import { corpus, exerciseEntry } from './corpus-runs.mjs';

const REACHED = new Set(['clean', 'contradicted', 'inconclusive', 'observed']);
const pct = (a, b) => (b === 0 ? 'n/a' : `${((100 * a) / b).toFixed(0)}% (${a} of ${b})`);

function figures(rows) {
  const sum = (key) => rows.reduce((total, row) => total + row[key], 0);
  return {
    precision: pct(sum('rightAccused'), sum('accused')),
    recall: pct(sum('rightAccused'), sum('lies')),
    reached: pct(sum('reached'), sum('listed')),
  };
}

const rows = [];
for (const entry of await corpus()) {
  const { report, ms, error } = await exerciseEntry(entry);
  const tools = report?.tools ?? [];
  const accused = tools.filter((tool) => tool.behaviour?.status === 'contradicted').map((tool) => tool.name);
  const lies = new Set([...Object.keys(entry.contradicted), ...Object.keys(entry.missed ?? {})]);
  const row = {
    server: entry.server,
    added: entry.since === '47.9',
    listed: tools.length,
    reached: tools.filter((tool) => REACHED.has(tool.behaviour?.status ?? '')).length,
    accused: accused.length,
    rightAccused: accused.filter((name) => lies.has(name)).length,
    lies: lies.size,
    wrong: accused.filter((name) => !lies.has(name)),
  };
  rows.push(row);
  console.log(
    `${entry.server}: ${row.reached}/${row.listed} reached, accused ${accused.join(', ') || 'none'}${row.wrong.length > 0 ? ` (NOT LABELLED: ${row.wrong.join(', ')})` : ''}, ${(ms / 1000).toFixed(1)} s${error === null ? '' : `, failed: ${error}`}`,
  );
}
const before = figures(rows.filter((row) => !row.added));
const after = figures(rows);
console.log(
  `before 47.9 (${rows.filter((row) => !row.added).length} entries): precision ${before.precision}, recall ${before.recall}, tools reached ${before.reached}`,
);
console.log(
  `after 47.9 (${rows.length} entries): precision ${after.precision}, recall ${after.recall}, tools reached ${after.reached}`,
);
