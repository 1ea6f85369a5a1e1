// Issue 47.8's check: two identical runs of the labelled behaviour corpus on a machine loaded with
// two busy processes per core (`node -e 'for(;;){}'`, as many as 2 × the cores) agree on every
// verdict. Prints each disagreement (server, tool, first run, second run), the calls made per
// server in each run, and the load factor each exercise measured (the settle windows follow it,
// lib/core/exercise/load.ts). The load generators are started here and killed by their PIDs in a
// finally, however the script ends. Exit 1 on a disagreement.
// Usage: node bench/exercise-stability.mjs [--no-load]   (after npm run build:cli)
import { spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { corpus, exerciseEntry, verdicts } from './corpus-runs.mjs';

const loaded = !process.argv.includes('--no-load');
const busy = [];

function startLoad() {
  const count = 2 * availableParallelism();
  for (let i = 0; i < count; i += 1) {
    const child = spawn(process.execPath, ['-e', 'for(;;){}'], { stdio: 'ignore' });
    busy.push(child.pid);
  }
  console.log(`load: ${count} busy processes (PIDs ${busy.join(', ')}) on ${availableParallelism()} cores`);
}

function stopLoad() {
  for (const pid of busy.splice(0)) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // Already gone.
    }
  }
}

const loadOf = (report) =>
  (report?.exercise?.sandboxFacts?.limits ?? []).find((line) => line.startsWith('settle windows'))?.split(' for ')[0] ??
  'no load line';

async function runAll(entries, label) {
  const runs = [];
  for (const entry of entries) {
    const run = await exerciseEntry(entry);
    runs.push(run);
    const calls = run.report?.exercise?.calls ?? 0;
    console.log(
      `  ${label} ${entry.server}: ${calls} calls, ${(run.ms / 1000).toFixed(1)} s, ${loadOf(run.report)}${run.error === null ? '' : `, failed: ${run.error}`}`,
    );
  }
  return runs;
}

process.on('SIGINT', () => {
  stopLoad();
  process.exit(130);
});

let disagreements = 0;
let compared = 0;
try {
  const entries = await corpus();
  if (loaded) startLoad();
  const first = await runAll(entries, 'run 1');
  const second = await runAll(entries, 'run 2');
  for (const [index, entry] of entries.entries()) {
    const a = verdicts(first[index]?.report);
    const b = verdicts(second[index]?.report);
    for (const tool of new Set([...a.keys(), ...b.keys()])) {
      compared += 1;
      if (a.get(tool) === b.get(tool)) continue;
      disagreements += 1;
      console.log(`DISAGREE ${entry.server} · ${tool}: ${a.get(tool) ?? 'absent'} then ${b.get(tool) ?? 'absent'}`);
    }
  }
  console.log(
    `${compared} verdicts on ${entries.length} servers, ${disagreements} disagreement${disagreements === 1 ? '' : 's'}${loaded ? ' (under load)' : ''}`,
  );
} finally {
  stopLoad();
}
process.exitCode = disagreements === 0 && compared > 0 ? 0 : 1;
