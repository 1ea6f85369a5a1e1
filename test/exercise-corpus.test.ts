// The labelled corpus (issue 34): published servers exercised live in the sandbox, inside a
// loopback-only namespace (unshare -rn), with the expected verdict of every tool that is accused
// and the source line that decides it, read in the installed package (test/corpus/exercise-labels.ts).
// Every other exercised tool must not be contradicted: precision of contradictions 100% is the bar
// (docs/exercise.md has the figures). Skipped where bubblewrap, strace or unshare is missing (and the
// browser servers without Chromium).
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { describe, expect, it } from 'vitest';
import type { Report } from '../lib/core/report';
import { LOOPBACK_ONLY, SANDBOX } from './sandbox-env';
import { CLI, ROOT } from './helpers';
import { CORPUS, type Labelled } from './corpus/exercise-labels';

function exercise(entry: Labelled): Promise<Report> {
  const args = ['-rn', process.execPath, CLI, 'audit', '--exercise', ...(entry.extra ?? []), '--yes', '--no-history'];
  const all = [...args, '--format', 'json', '--', process.execPath, ...entry.command];
  return new Promise((resolve, reject) => {
    const child = spawn('unshare', all, {
      cwd: ROOT,
      env: { PATH: process.env.PATH ?? '', HOME: tmpdir(), NO_COLOR: '1' } as unknown as NodeJS.ProcessEnv,
    });
    let stdout = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.on('close', () => {
      try {
        resolve(JSON.parse(stdout) as Report);
      } catch (error) {
        reject(error instanceof Error ? error : new Error(String(error)));
      }
    });
  });
}

describe.skipIf(!SANDBOX || !LOOPBACK_ONLY)('the labelled corpus: published servers exercised live', () => {
  it.each(CORPUS.map((entry) => [entry.server, entry] as const))(
    '%s: every accusation expected, with its reason',
    async (_name, entry) => {
      if (entry.needs !== undefined && !existsSync(entry.needs)) return;
      const report = await exercise(entry);
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
