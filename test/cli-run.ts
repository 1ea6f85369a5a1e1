// Runs the built CLI as a user would, with its own history file (never the user's real one).
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CLI, ROOT } from './helpers';

export const DRIFT_FIXTURE = fileURLToPath(new URL('./fixtures/drift-server.mjs', import.meta.url));

export interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** A fresh directory for one test's files. */
export function tempDir(): string {
  return mkdtempSync(join(tmpdir(), 'hintcheck-cli-'));
}

export function runCli(args: readonly string[], env: Record<string, string | undefined> = {}): Promise<CliRun> {
  const merged: Record<string, string | undefined> = {
    ...process.env,
    NO_COLOR: '1',
    HINTCHECK_DB: join(tempDir(), 'history.db'),
    ...env,
  };
  // A variable given as undefined is removed.
  const childEnv = Object.fromEntries(
    Object.entries(merged).flatMap(([name, value]) => (value === undefined ? [] : [[name, value]])),
  ) as Record<string, string>;
  return runProgram([process.execPath, CLI, ...args], ROOT, childEnv);
}

/** Runs a program (argv) in cwd with exactly env, collecting its output until it closes. */
export function runProgram(argv: readonly string[], cwd: string, env: Record<string, string>): Promise<CliRun> {
  return new Promise((resolve) => {
    const child = spawn(argv[0] ?? '', argv.slice(1), { cwd, env: env as NodeJS.ProcessEnv });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('close', (code) => {
      resolve({ code, stdout, stderr });
    });
  });
}

/**
 * The drift fixture as a target, with its tools chosen through an --env value, and its prompts and
 * resources through another (none unless asked for).
 */
export function driftTarget(surface: 'v1' | 'v2' | 'v3' | 'rug', items?: 'v1' | 'v2' | 'v3' | 'broken'): string[] {
  return [
    '--env',
    `DRIFT_SURFACE=${surface}`,
    ...(items === undefined ? [] : ['--env', `DRIFT_ITEMS=${items}`]),
    '--',
    process.execPath,
    DRIFT_FIXTURE,
  ];
}
