/**
 * The exercise's strace output read back as timed effects of the server's own program (issue 33):
 * streamed line by line and never held whole (a flood of 600 MiB cannot pass V8's string limit and
 * read as "no effects"), bubblewrap's own set-up left out (effects start at the second successful
 * execve), and who started whom read from every line into a process table (lineage.ts). A trace
 * that is missing, unreadable or past its cap is incomplete, and the run is then inconclusive,
 * never clean.
 */
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { createInterface } from 'node:readline';
import { EffectReader, type TimedEffect } from '../../core/exercise/effects';
import { ProcessTable } from '../../core/exercise/lineage';
import { StraceReader } from '../../core/exercise/strace';
import type { SandboxLayout } from '../../core/exercise/paths';

export interface TraceResult {
  effects: TimedEffect[];
  /** Who started whom (lineage.ts), read from the whole trace, and the task that exec'd the server (null: never seen). */
  processes: ProcessTable;
  serverPid: number | null;
  /** Why the trace cannot be trusted as complete, or null. */
  incomplete: string | null;
  bytes: number;
}

/** A line longer than this (a huge argument list) is cut in its middle: the call's name, first arguments and result stay. */
const LINE_CHARS = 8192;
const cut = (raw: string): string =>
  raw.length <= LINE_CHARS ? raw : `${raw.slice(0, LINE_CHARS / 2)}...${raw.slice(raw.length - 512)}`;

/** Most effects kept from one trace: past this the rest are counted as lost and the run is inconclusive. */
const MAX_EFFECTS = 20_000;

const mib = (bytes: number): string => `${Math.round(bytes / (1024 * 1024))} MiB`;

/**
 * The server's effects, in trace order, from the trace file; `maxBytes` caps what is read. With a
 * listener (`listenerExec`: its execve's argument list, listener.ts), the sandbox's first program is
 * the launcher: the server starts at the launcher's own next execve, and the one process that
 * executed the listener's exact command line is left out (the first only: a lookalike the server
 * starts later is traced like any other process).
 */
export async function tracedEffects(
  tracePath: string,
  layout: SandboxLayout,
  maxBytes: number,
  listenerExec: string | null = null,
): Promise<TraceResult> {
  const size = await stat(tracePath).then(
    (info) => info.size,
    () => null,
  );
  const processes = new ProcessTable();
  if (size === null)
    return { effects: [], processes, serverPid: null, incomplete: 'the trace file is missing', bytes: 0 };
  const stream = createReadStream(tracePath, { encoding: 'latin1', end: Math.max(0, Math.min(size, maxBytes) - 1) });
  const lines = createInterface({ input: stream, crlfDelay: Infinity });
  const strace = new StraceReader();
  const reader = new EffectReader(layout);
  const effects: TimedEffect[] = [];
  let execs = 0;
  let serverExec = Number.POSITIVE_INFINITY;
  let serverPid: number | null = null;
  let launcher: number | null = null;
  let listener: number | null = null;
  let lost = 0;
  try {
    for await (const raw of lines) {
      // latin1 keeps every byte; file names are decoded from strace's escapes (cString) as UTF-8 bytes.
      const event = strace.line(cut(raw));
      if (event === null) continue;
      processes.read(event);
      if (event.name === 'execve' && event.ret === 0) {
        execs += 1;
        const started = serverExec;
        if (listenerExec === null) {
          if (execs === 2) serverExec = event.time;
        } else if (execs === 2) launcher = event.pid;
        else if (listener === null && event.args.includes(`, ${listenerExec}, `)) listener = event.pid;
        else if (event.pid === launcher && serverExec === Number.POSITIVE_INFINITY) serverExec = event.time;
        if (serverExec !== started) serverPid = event.pid;
      }
      if (event.time < serverExec || event.pid === listener) continue;
      const effect = reader.read(event);
      if (effect === null) continue;
      if (effects.length < MAX_EFFECTS) effects.push(effect);
      else lost += 1;
    }
  } catch {
    return { effects, processes, serverPid, incomplete: 'the trace could not be read to its end', bytes: size };
  } finally {
    stream.destroy();
  }
  const read = { effects, processes, serverPid, bytes: size };
  if (size > maxBytes) return { ...read, incomplete: `the trace passed its cap of ${mib(maxBytes)} (${mib(size)})` };
  if (lost > 0) return { ...read, incomplete: `${lost} effects past the first ${MAX_EFFECTS} were not kept` };
  if (serverExec === Number.POSITIVE_INFINITY)
    return { ...read, incomplete: 'the trace never shows the server starting' };
  return { ...read, incomplete: null };
}
