// Shared helpers for integration tests: fixture commands and process checks.
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { isAlive } from '../lib/server/process/process-tree';

export const ROOT = fileURLToPath(new URL('..', import.meta.url));
export const RAW_FIXTURE = fileURLToPath(new URL('./fixtures/raw-stdio-server.mjs', import.meta.url));
export const DEMO_SERVER = fileURLToPath(new URL('../dist/demo-server.mjs', import.meta.url));
export const CLI = fileURLToPath(new URL('../bin/mcp-hintcheck.cjs', import.meta.url));

/** A stdio target that runs the raw fixture server with a scenario. */
export function rawFixture(scenario: string, env: { name: string; value?: string }[] = []) {
  return { transport: 'stdio' as const, command: process.execPath, args: [RAW_FIXTURE, scenario], env };
}

/** PIDs written by the grandchildren fixture, one per line. */
export function readPids(file: string): number[] {
  return readFileSync(file, 'utf8').split('\n').filter(Boolean).map(Number);
}

/** Waits until none of the PIDs is alive, or the time is up; returns those still alive. */
export async function waitGone(pids: readonly number[], ms = 3000): Promise<number[]> {
  const until = Date.now() + ms;
  let alive = pids.filter(isAlive);
  while (alive.length > 0 && Date.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    alive = alive.filter(isAlive);
  }
  return alive;
}

/** A loopback port that was free a moment ago (nothing listens on it now). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      server.close(() => {
        resolve(port);
      });
    });
  });
}

/**
 * The shape of a JSON value: objects as their keys (sorted) with each value's shape, arrays as the
 * shapes of their items, anything else as its type. Two reports of the same target have the same
 * shape even though durations, dates and process ids differ.
 */
export function jsonShape(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(jsonShape);
  if (value === null) return 'null';
  if (typeof value === 'object') {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((key) => [key, jsonShape((value as Record<string, unknown>)[key])]),
    );
  }
  return typeof value;
}

/**
 * Runs the CLI asynchronously (a fixture served from the calling process keeps answering) and
 * gives its stdout and exit code, whatever the code.
 */
export function runCli(args: readonly string[], timeoutMs = 60_000): Promise<{ code: number; stdout: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [CLI, ...args],
      { encoding: 'utf8', timeout: timeoutMs, env: { ...process.env, NO_COLOR: '1' } },
      (error, stdout) => {
        resolve({ code: error === null ? 0 : typeof error.code === 'number' ? error.code : -1, stdout });
      },
    );
  });
}
