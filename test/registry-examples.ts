// The CI examples of examples/registry-audit/ read as their runners read them, so test/registry-run.test.ts
// runs their own commands locally: the GitHub workflow's shard and merge steps (the matrix expression
// substituted as Actions does, each step run as Actions' bash runs it) and the Kubernetes Indexed Job's
// container command (once per completion index). Only the install step is left out: the test puts the
// built CLI on PATH as `mcp-hintcheck` instead of the packed one, and an `npx` that runs the fixture's
// package server instead of downloading (registryShims).
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { parse } from 'yaml';
import { runProgram, type CliRun } from './cli-run';
import { CLI, ROOT } from './helpers';

export const OFFICIAL_REGISTRY = 'https://registry.modelcontextprotocol.io';
const INSTALL = /^npm pack mcp-hintcheck && npm install -g \.\/mcp-hintcheck-\*\.tgz$/;

interface Step {
  run?: string;
  uses?: string;
  with?: Record<string, unknown>;
}
interface Job {
  needs?: string;
  strategy?: { matrix?: { shard?: number[] } };
  steps: Step[];
}

export interface WorkflowPlan {
  env: Record<string, string>;
  shards: number[];
  /** The shard job's commands for shard k (its install step left out), and the run file it uploads. */
  shardSteps: (k: number) => string[];
  shardUpload: (k: number) => string;
  /** The merge job's commands (its install step left out) and the paths it uploads. */
  mergeSteps: string[];
  mergeUploads: string[];
}

const matrix = (text: string, k: number): string => text.replace(/\$\{\{\s*matrix\.shard\s*\}\}/g, String(k));

/** The commands of a job's run steps; the install step is checked to be the only one left out. */
function runSteps(job: Job): string[] {
  const runs = job.steps.flatMap((step) => (typeof step.run === 'string' ? [step.run.trim()] : []));
  const install = runs.filter((run) => INSTALL.test(run));
  if (install.length !== 1) throw new Error(`expected one install step, found ${install.length}`);
  return runs.filter((run) => !INSTALL.test(run));
}

export function workflowPlan(): WorkflowPlan {
  const doc = parse(readFileSync(join(ROOT, 'examples/registry-audit/registry-audit.yml'), 'utf8')) as {
    env: Record<string, string>;
    jobs: { shard: Job; merge: Job };
  };
  const { shard, merge } = doc.jobs;
  if (merge.needs !== 'shard') throw new Error('the merge job must need the shard job');
  const upload = (job: Job): string => {
    const path = job.steps.find((step) => step.uses?.startsWith('actions/upload-artifact@'))?.with?.path;
    if (typeof path !== 'string') throw new Error('no upload-artifact step');
    return path;
  };
  return {
    env: doc.env,
    shards: shard.strategy?.matrix?.shard ?? [],
    shardSteps: (k) => runSteps(shard).map((run) => matrix(run, k)),
    shardUpload: (k) => matrix(upload(shard), k),
    mergeSteps: runSteps(merge),
    mergeUploads: upload(merge)
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean),
  };
}

export interface IndexedJobPlan {
  completions: number;
  /** The container's command line, `sh -c SCRIPT`. */
  command: string[];
  mountPath: string;
}

export function indexedJobPlan(): IndexedJobPlan {
  const doc = parse(readFileSync(join(ROOT, 'examples/registry-audit/indexed-job.yaml'), 'utf8')) as {
    spec: {
      completionMode: string;
      completions: number;
      template: {
        spec: { containers: { command: string[]; args: string[]; volumeMounts: { mountPath: string }[] }[] };
      };
    };
  };
  if (doc.spec.completionMode !== 'Indexed') throw new Error('not an Indexed Job');
  const container = doc.spec.template.spec.containers[0];
  if (container === undefined) throw new Error('no container');
  return {
    completions: doc.spec.completions,
    command: [...container.command, ...container.args],
    mountPath: container.volumeMounts[0]?.mountPath ?? '',
  };
}

/**
 * A folder for PATH's front: `mcp-hintcheck` (the built CLI; a registry run gets `--timeout 4000` last,
 * which wins over the examples' 60 s, so the fixture's hanging server costs 4 s) and `npx` (runs the
 * fixture's package server for `npx -y SPEC`: nothing is downloaded). Answers the PATH to use.
 */
export function registryShims(dir: string): string {
  mkdirSync(dir, { recursive: true });
  const node = process.execPath;
  const server = join(ROOT, 'test/fixtures/registry/package-server.mjs');
  const write = (name: string, text: string): void => {
    writeFileSync(join(dir, name), text);
    chmodSync(join(dir, name), 0o755);
  };
  write(
    'mcp-hintcheck',
    `#!/bin/sh\nif [ "$1" = registry ] && [ "$2" != merge ]; then exec "${node}" "${CLI}" "$@" --timeout 4000; fi\nexec "${node}" "${CLI}" "$@"\n`,
  );
  write('npx', `#!/bin/sh\n[ "$1" = -y ] && shift\nexec "${node}" "${server}" "$@"\n`);
  return [dir, dirname(node), '/usr/bin', '/bin'].join(':');
}

/** Runs a command line (argv) in cwd with env added to a minimal environment. */
export function runShell(argv: string[], cwd: string, env: Record<string, string>): Promise<CliRun> {
  return runProgram(argv, cwd, { HOME: cwd, NO_COLOR: '1', HINTCHECK_DB: join(cwd, 'history.db'), ...env });
}

/** A step's command as Actions runs a `run:` step on Linux (bash, -e, pipefail). */
export const actionsBash = (script: string): string[] => [
  'bash',
  '--noprofile',
  '--norc',
  '-eo',
  'pipefail',
  '-c',
  script,
];
