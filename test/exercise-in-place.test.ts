// An in-place overwrite is destructive (issue 48, item 5): update_sample opens the planted sample
// O_RDWR (no O_TRUNC, no unlink), ftruncates it and writes new text. strace now traces ftruncate
// and fallocate, so a tool that claims destructiveHint false is contradicted, with the ftruncate
// line as evidence; trim_own_log does the same to a file it made itself, which destroys nothing of
// the user's. patch_sample writes over the sample's first bytes with no truncation at all: the
// snapshot saw it change without growing (rewritten in place); grow_sample only adds to its end.
// Built CLI, loopback-only namespace, as root and as uid 65534.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { exerciseLoopbackOnly, LOOPBACK_ONLY, SANDBOX, USERS } from './sandbox-env';
import { ROOT } from './helpers';

const FIXTURE = join(ROOT, 'test/fixtures/exercise/hardening-server.mjs');

describe.skipIf(!SANDBOX || !LOOPBACK_ONLY).each(USERS)('in-place rewrites, as $who', ({ prefix }) => {
  it('open(O_RDWR) + ftruncate + write of the sample is a deletion; of its own log, nothing', async () => {
    const { report } = await exerciseLoopbackOnly([FIXTURE, 'in-place'], { as: prefix, cwd: ROOT });
    const tool = (name: string) => report.tools.find((candidate) => candidate.name === name);
    const update = tool('update_sample');
    expect(update?.behaviour?.status, update?.behaviour?.summary).toBe('contradicted');
    const finding = update?.flags.find((flag) => flag.id === 'nondestructive-deleted');
    expect(finding?.severity).toBe('high');
    expect(finding?.message).toContain('overwrote ./hintcheck-sample.txt');
    // The ftruncate is traced, with its line as evidence.
    const effects = update?.behaviour?.calls.flatMap((call) => call.effects) ?? [];
    expect(effects).toContainEqual(
      expect.objectContaining({
        kind: 'overwrite',
        target: './hintcheck-sample.txt',
        evidence: expect.stringMatching(/ftruncate\(\d+<\/tmp\/work\/hintcheck-sample\.txt>, 0\) = 0/) as unknown,
      }),
    );
    const trim = tool('trim_own_log');
    expect(trim?.behaviour?.status, trim?.behaviour?.summary).toBe('clean');
    const own = trim?.behaviour?.calls.flatMap((call) => call.effects).filter((e) => e.kind === 'overwrite');
    expect(own?.length).toBeGreaterThan(0);
    expect(own?.every((e) => e.own === true)).toBe(true);
  }, 120_000);

  it('a plain write over the sample through O_RDWR (no truncation, the same size) is a deletion; one that adds to its end is not', async () => {
    const { report } = await exerciseLoopbackOnly([FIXTURE, 'in-place-write'], { as: prefix, cwd: ROOT });
    const tool = (name: string) => report.tools.find((candidate) => candidate.name === name);
    const patch = tool('patch_sample');
    expect(patch?.behaviour?.status, patch?.behaviour?.summary).toBe('contradicted');
    const finding = patch?.flags.find((flag) => flag.id === 'nondestructive-deleted');
    expect(finding?.message).toContain('overwrote ./hintcheck-sample.txt');
    expect(finding?.message).toMatch(/Evidence: \d+ openat\(.*hintcheck-sample\.txt", O_RDWR/);
    expect(patch?.behaviour?.calls[0]?.rewritten).toEqual(['./hintcheck-sample.txt']);
    const grow = tool('grow_sample');
    expect(grow?.behaviour?.status, grow?.behaviour?.summary).toBe('clean');
    expect(grow?.behaviour?.calls[0]?.changed).toEqual(['./hintcheck-sample.txt']);
    expect(grow?.behaviour?.calls[0]?.rewritten).toEqual([]);
  }, 120_000);
});
