// A non-ASCII file name makes no false accusation (issue 48, item 6): strace prints a name's bytes
// escaped alike in an argument and in its `-y` annotation, and both are decoded the same way, so a
// tool that makes files named with non-ASCII, quotes, angle brackets, a newline, a backslash,
// a fake "= 5" result and invalid UTF-8 and removes them again removed its own files. Built CLI,
// loopback-only namespace, as root and as uid 65534.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { exerciseLoopbackOnly, LOOPBACK_ONLY, SANDBOX, USERS } from './sandbox-env';
import { ROOT } from './helpers';

const FIXTURE = join(ROOT, 'test/fixtures/exercise/hardening-server.mjs');

describe.skipIf(!SANDBOX || !LOOPBACK_ONLY).each(USERS)('odd file names, as $who', ({ prefix }) => {
  it('a tool that makes and removes its own oddly named files is clean, not "deleted a file that existed"', async () => {
    const { report } = await exerciseLoopbackOnly([FIXTURE, 'names'], { as: prefix, cwd: ROOT });
    const tool = report.tools.find((candidate) => candidate.name === 'tidy_scratch');
    const behaviour = tool?.behaviour;
    expect(behaviour?.status, behaviour?.summary).toBe('clean');
    expect(tool?.flags.map((flag) => flag.id)).not.toContain('nondestructive-deleted');
    const effects = behaviour?.calls.flatMap((call) => call.effects) ?? [];
    // Each name is made and removed under one decoded name, the same in both calls.
    for (const name of [
      'tmp-café.txt',
      'q"uo<te>.txt',
      'new\nline.txt',
      'back\\slash.txt',
      'x) = 5 <y>.txt',
      'bad\uFFFD\uFFFD.txt',
    ]) {
      expect(
        effects.filter((e) => e.target === `./${name}`).map((e) => e.kind),
        name,
      ).toEqual(expect.arrayContaining(['create', 'delete']));
    }
  }, 120_000);
});
