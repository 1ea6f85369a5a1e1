// Runs the project's built CLI over the attack corpus and applies the measure (attack-measure.ts):
// one `audit --format json` per fixture (listing), one `scan` per shadowing pair (the servers
// together), and `audit --exercise all --yes` per rug pull (calls in a sandbox, in one session).
// Shared by bench/attacks.mjs (bundled by esbuild) and test/attack-corpus.test.ts.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FIXTURES, type AttackTarget, type BenignTarget, type Fixture, type FixtureId } from './attack-fixtures';
import { ATTACKS, BENIGN, BENIGN_FIRST_LOAD } from './attack-labels';
import {
  pairFindings,
  rugPullCaught,
  subjectFindings,
  verdict,
  type FoundFinding,
  type Verdict,
} from './attack-measure';

export interface Scored<T> {
  target: T;
  verdict: Verdict;
  /** Why it could not be measured (a run that failed), else null. */
  error: string | null;
}

export interface CorpusResult {
  attacks: Scored<AttackTarget>[];
  benign: Scored<BenignTarget>[];
}

/** The command line of a fixture, from the repository root. */
export function fixtureCommand(root: string, fixture: Fixture): string[] {
  return [process.execPath, join(root, 'test/fixtures/attacks', fixture.file), ...(fixture.args ?? [])];
}

function runJson(cli: string, args: readonly string[], cwd: string, env: Record<string, string>): Promise<unknown> {
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      [cli, ...args],
      {
        cwd,
        encoding: 'utf8',
        timeout: 60_000,
        maxBuffer: 64 * 1024 * 1024,
        env: { ...process.env, NO_COLOR: '1', ...env },
      },
      (error, stdout, stderr) => {
        try {
          resolve(JSON.parse(stdout));
        } catch {
          reject(new Error(`${args.slice(0, 2).join(' ')}: ${error?.message ?? 'no JSON'} ${stderr.slice(-300)}`));
        }
      },
    );
  });
}

/** Runs `jobs` with at most `limit` at once, in order of the results. */
async function pooled<T>(jobs: readonly (() => Promise<T>)[], limit: number): Promise<T[]> {
  const results: T[] = new Array<T>(jobs.length);
  let next = 0;
  const worker = async () => {
    while (next < jobs.length) {
      const index = next++;
      const job = jobs[index];
      if (job !== undefined) results[index] = await job();
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, jobs.length) }, worker));
  return results;
}

type Outcome = { findings: FoundFinding[]; rug?: boolean } | { error: string };

/** The project's figures on the whole corpus. `root`: the checkout; `cli`: bin/mcp-hintcheck.cjs. */
export async function measureCorpus(root: string, cli: string, concurrency = 4): Promise<CorpusResult> {
  const scratch = mkdtempSync(join(tmpdir(), 'hintcheck-attacks-'));
  const audit = (id: FixtureId, extra: string[] = [], env: Record<string, string> = {}) =>
    runJson(
      cli,
      ['audit', '--format', 'json', '--no-history', ...extra, '--', ...fixtureCommand(root, FIXTURES[id])],
      root,
      env,
    );
  const marker = join(scratch, 'mcp-triggered');
  try {
    // The whatsapp fixture: its first load (benign text) creates the marker, the second is the attack.
    const firstLoad = await audit('invariant-whatsapp', ['--env', `MCP_TRIGGERED_FILE=${marker}`]);
    const listed = new Map<FixtureId, Promise<unknown>>();
    const reportOf = (id: FixtureId) => {
      let report = listed.get(id);
      if (report === undefined) {
        report = id === 'invariant-whatsapp' ? audit(id, ['--env', `MCP_TRIGGERED_FILE=${marker}`]) : audit(id);
        listed.set(id, report);
      }
      return report;
    };
    const scanPair = async (a: FixtureId, b: FixtureId) => {
      const dir = mkdtempSync(join(scratch, 'scan-'));
      const config = join(dir, 'mcp.json');
      const server = (id: FixtureId) => {
        const [command, ...args] = fixtureCommand(root, FIXTURES[id]);
        return { command, args };
      };
      writeFileSync(config, JSON.stringify({ mcpServers: { [a]: server(a), [b]: server(b) } }));
      return runJson(
        cli,
        ['scan', '--config', config, '--client', '', '--project', dir, '--yes', '--format', 'json', '--no-history'],
        dir,
        { HOME: dir },
      );
    };
    const attackJob = (target: AttackTarget) => async (): Promise<Outcome> => {
      try {
        const { subject } = target;
        if (target.class === 'rug-pull') {
          const report = await audit(target.fixture, ['--exercise', 'all', '--yes']);
          return { findings: subjectFindings(report, subject), rug: rugPullCaught(report) };
        }
        if (subject.kind !== 'pair') return { findings: subjectFindings(await reportOf(target.fixture), subject) };
        const scan = (await scanPair(target.fixture, subject.with)) as {
          reports?: { name: string; report: unknown }[];
        };
        const own = (scan.reports ?? []).flatMap(({ report }) =>
          subject.tools.flatMap((name) => subjectFindings(report, { kind: 'tool', name })),
        );
        return { findings: [...pairFindings(scan, [target.fixture, subject.with], subject.tools), ...own] };
      } catch (error) {
        return { error: error instanceof Error ? error.message : String(error) };
      }
    };
    const benignJob = (target: BenignTarget) => async (): Promise<Outcome> => {
      try {
        return { findings: subjectFindings(await reportOf(target.fixture), target.subject) };
      } catch (error) {
        return { error: error instanceof Error ? error.message : String(error) };
      }
    };
    const attackOutcomes = await pooled(ATTACKS.map(attackJob), concurrency);
    const benignOutcomes = await pooled(BENIGN.map(benignJob), concurrency);
    const score = <T extends AttackTarget | BenignTarget>(target: T, outcome: Outcome): Scored<T> => {
      if ('error' in outcome) return { target, verdict: verdict([]), error: outcome.error };
      const scored = verdict(outcome.findings);
      if ('class' in target && target.class === 'rug-pull')
        return {
          target,
          verdict: { ...scored, detected: outcome.rug === true, critical: outcome.rug === true },
          error: null,
        };
      return { target, verdict: scored, error: null };
    };
    return {
      attacks: ATTACKS.map((target, index) => score(target, attackOutcomes[index] ?? { error: 'not run' })),
      benign: [
        ...BENIGN.map((target, index) => score(target, benignOutcomes[index] ?? { error: 'not run' })),
        score(BENIGN_FIRST_LOAD, { findings: subjectFindings(firstLoad, BENIGN_FIRST_LOAD.subject) }),
      ],
    };
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}
