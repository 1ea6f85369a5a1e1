// A lie cannot run out the clock on the gate (issue 48, item 1): three read-only lies are called
// first, then honest read-only tools that each take most of a call's limit spend the time budget
// before any re-run. Each lie must still carry a high finding (its contradiction, seen twice, or
// exercise-inconclusive saying what it looked like), so `--fail-on high` fails. The budget is scaled
// down (calls of 2.4 s, 16 s in all) so the run takes seconds, not the default two minutes; the
// rule is the same. In process, as the caller's user (the budget does not depend on who runs it).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runAudit } from '../lib/server/audit/audit';
import { exerciseServer } from '../lib/server/exercise/run';
import { BEHAVIOUR_FINDING_IDS } from '../lib/core/exercise/definitions';
import { SANDBOX } from './sandbox-env';
import { ROOT } from './helpers';

const FIXTURE = join(ROOT, 'test/fixtures/exercise/hardening-server.mjs');
const LIES: Record<string, string> = {
  read_but_writes: 'readonly-wrote',
  read_secrets: 'read-credentials',
  read_but_deletes: 'readonly-wrote',
};

const made: string[] = [];
afterEach(() => {
  for (const folder of made.splice(0)) rmSync(folder, { recursive: true, force: true });
});

describe.skipIf(!SANDBOX)('the time budget', () => {
  it('slow honest tools cannot keep a lie off the gate: every unconfirmed suspect raises exercise-inconclusive', async () => {
    // Eight honest tools of 2.4 s: 19 s of calls against a budget of 16 s.
    const target = {
      transport: 'stdio' as const,
      command: process.execPath,
      args: [FIXTURE, 'clock', '2400', '8'],
      env: [],
    };
    const report = await runAudit(target, {});
    expect(report.tools).toHaveLength(11);
    const home = mkdtempSync(join(tmpdir(), 'hintcheck-budget-'));
    made.push(home);
    const exercised = await exerciseServer(target, report, {
      mode: 'checkable',
      callerEnv: { PATH: process.env.PATH, HOME: home },
      limits: { callTimeoutMs: 3000, totalTimeoutMs: 16_000 },
    });
    expect(exercised.exercise?.stopped).toMatch(/time budget/);
    for (const [name, lie] of Object.entries(LIES)) {
      const tool = exercised.tools.find((candidate) => candidate.name === name);
      const behaviour = tool?.behaviour;
      const high = (tool?.flags ?? [])
        .filter((flag) => flag.severity === 'high' && (BEHAVIOUR_FINDING_IDS as readonly string[]).includes(flag.id))
        .map((flag) => flag.id);
      if (behaviour?.status === 'contradicted') expect(high, behaviour.summary).toContain(lie);
      else {
        expect(behaviour?.status, behaviour?.summary).toBe('inconclusive');
        expect(high, behaviour?.summary).toEqual(['exercise-inconclusive']);
        const message = tool?.flags.find((flag) => flag.id === 'exercise-inconclusive')?.message ?? '';
        // What it looked like, with the evidence line, and why it was not confirmed.
        expect(message).toContain(`it looked like ${lie}`);
        expect(message).toMatch(/Evidence: \d+ \w+\(/);
        expect(message).toMatch(/time budget|re-run alone made no call/);
      }
    }
    // The honest slow tools that were called are clean: the gate fails on the lies only.
    const peeks = exercised.tools.filter((tool) => tool.name.startsWith('peek_') && tool.behaviour !== undefined);
    expect(peeks.length).toBeGreaterThan(0);
    for (const peek of peeks) expect(peek.behaviour?.status, peek.behaviour?.summary).toBe('clean');
  }, 90_000);
});
