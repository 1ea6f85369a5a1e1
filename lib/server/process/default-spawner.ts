/**
 * How a server is started when nothing else is asked. POSIX: node:child_process's spawn, which is all
 * cross-spawn does there (it rewrites a command only on Windows), without loading cross-spawn and its
 * dependencies: 6 ms of the CLI's start before the server could be spawned (node --cpu-prof, three
 * audits of server-everything). Windows: cross-spawn (`npx` is `npx.cmd`, a script runs through its
 * interpreter), loaded there only, on first use.
 */
import { spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';

/** Starts a program (child_process.spawn's signature); injected in tests. */
export type Spawner = (command: string, args: readonly string[], options: SpawnOptions) => ChildProcess;

const posixSpawn: Spawner = (command, args, options) => spawn(command, [...args], options);

/** The spawner for this platform: at once on POSIX, after cross-spawn's import on Windows. */
export function defaultSpawner(platform: NodeJS.Platform = process.platform): Spawner | Promise<Spawner> {
  if (platform !== 'win32') return posixSpawn;
  return import('cross-spawn').then((crossSpawn) => crossSpawn.default as Spawner);
}
