/**
 * The exercise's strace output read back as timed effects of the server's own program: bubblewrap's
 * setup is left out (effects start at the second successful execve), and a missing trace reads as none.
 */
import { readFile } from 'node:fs/promises';
import { EffectReader, type TimedEffect } from '../../core/exercise/effects';
import { parseStrace } from '../../core/exercise/strace';
import type { SandboxFolders } from './folders';

/** The server's effects, in trace order, from the trace file the sandbox wrote. */
export async function tracedEffects(folders: Pick<SandboxFolders, 'tracePath' | 'layout'>): Promise<TimedEffect[]> {
  const trace = await readFile(folders.tracePath, 'utf8').catch(() => '');
  const events = parseStrace(trace);
  const execs = events.filter((event) => event.name === 'execve' && event.ret === 0);
  const serverExec = execs[1]?.time ?? Number.POSITIVE_INFINITY;
  const reader = new EffectReader(folders.layout);
  const timed: TimedEffect[] = [];
  for (const event of events) {
    if (event.time < serverExec) continue;
    const effect = reader.read(event);
    if (effect !== null) timed.push(effect);
  }
  return timed;
}
