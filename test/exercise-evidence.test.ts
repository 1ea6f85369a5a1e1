// Never "clean" against the evidence (issue 47, item 1), on a fixture with two lies and three honest
// tools (test/fixtures/exercise/evidence-server.mjs): clear_items claims destructiveHint false and
// deletes the store the server made at its start (it existed when the call began: a deletion, seen
// twice); peek_items claims read-only and writes ./peek.log 300 ms after answering (inconclusive with
// that evidence, seen again alone); count_items, add_item and lock_items keep their clean verdicts
// (lock_items makes and removes a folder in the same call: its own). Built CLI, loopback-only
// namespace, as root and as uid 65534.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { exerciseLoopbackOnly, LOOPBACK_ONLY, SANDBOX, USERS } from './sandbox-env';
import { ROOT } from './helpers';

const FIXTURE = join(ROOT, 'test/fixtures/exercise/evidence-server.mjs');

describe.skipIf(!SANDBOX || !LOOPBACK_ONLY).each(USERS)('evidence over excuses, as $who', ({ prefix }) => {
  it('a deleted start-up store and a write after the answer are never clean; honest tools stay clean', async () => {
    const { report } = await exerciseLoopbackOnly([FIXTURE], { as: prefix, cwd: ROOT });
    const tool = (name: string) => report.tools.find((candidate) => candidate.name === name);
    const status = (name: string) => tool(name)?.behaviour?.status;

    const clear = tool('clear_items');
    expect(clear?.behaviour?.status, clear?.behaviour?.summary).toBe('contradicted');
    expect(clear?.flags.find((flag) => flag.id === 'nondestructive-deleted')?.message).toContain('deleted ./items.db');

    const peek = tool('peek_items');
    expect(peek?.behaviour?.status, peek?.behaviour?.summary).toBe('inconclusive');
    const doubt = peek?.flags.find((flag) => flag.id === 'exercise-inconclusive');
    expect(doubt?.message).toMatch(/appended to \.\/peek\.log, \d+ ms after answering/);
    const late = peek?.behaviour?.calls
      .flatMap((call) => call.effects)
      .find((effect) => effect.target === './peek.log' && effect.lateMs !== undefined);
    expect(late?.lateMs).toBeGreaterThanOrEqual(290);

    for (const honest of ['count_items', 'add_item', 'lock_items'])
      expect(status(honest), tool(honest)?.behaviour?.summary).toBe('clean');
    expect(report.exercise?.serverFindings ?? []).toEqual([]);
  }, 120_000);
});
