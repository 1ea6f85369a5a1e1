// The labelled corpus (issue 34): published servers exercised live in the sandbox, inside a
// loopback-only namespace (unshare -rn), with the expected verdict of every tool that is accused
// and the source line that decides it, read in the installed package (test/corpus/exercise-labels.ts).
// Every other exercised tool must not be contradicted: precision of contradictions 100% is the bar
// (docs/exercise.md has the figures). Skipped where bubblewrap, strace or unshare is missing (and the
// browser servers without Chromium).
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { exerciseLoopbackOnly, LOOPBACK_ONLY, SANDBOX } from './sandbox-env';
import { ROOT } from './helpers';
import { CORPUS } from './corpus/exercise-labels';

describe.skipIf(!SANDBOX || !LOOPBACK_ONLY)('the labelled corpus: published servers exercised live', () => {
  it.each(CORPUS.map((entry) => [entry.server, entry] as const))(
    '%s: every accusation expected, with its reason',
    async (_name, entry) => {
      if (entry.needs !== undefined && !existsSync(entry.needs)) return;
      const { report } = await exerciseLoopbackOnly(entry.command, { extra: entry.extra ?? [], cwd: ROOT });
      const behaviour = (name: string) => report.tools.find((t) => t.name === name)?.behaviour;
      expect(report.exercise, 'exercised').toBeDefined();
      const accused = report.tools.filter((t) => t.behaviour?.status === 'contradicted').map((t) => t.name);
      expect(accused.sort()).toEqual(Object.keys(entry.contradicted).sort());
      for (const name of Object.keys(entry.contradicted))
        expect(behaviour(name)?.summary, name).toContain('seen twice');
      for (const name of entry.clean ?? []) expect(behaviour(name)?.status, name).toBe('clean');
      for (const [name, status] of Object.entries(entry.status ?? {}))
        expect(behaviour(name)?.status, name).toBe(status);
      const everyCall = (report.exercise?.serverFindings ?? []).filter((finding) => finding.kind === 'every-call');
      for (const effect of entry.everyCall ?? [])
        expect(
          everyCall.filter((finding) => finding.summary.includes(effect)),
          effect,
        ).toHaveLength(1);
    },
    180_000,
  );
});
