/**
 * Waiting until the sandboxed server is quiet (issue 34), instead of a fixed sleep: the tracer
 * appends a line for every traced system call, so the trace file's size standing still for
 * `quietMs` means no traced effect happened in that time. Bounded by `maxMs` (a server that never
 * stops, a browser writing its profile, is waited for no longer). Without a trace path (no tracer
 * output to watch) it sleeps `quietMs`.
 */
import { stat } from 'node:fs/promises';

const POLL_MS = 20;

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

async function sizeOf(file: string): Promise<number> {
  try {
    return (await stat(file)).size;
  } catch {
    return -1;
  }
}

/** Resolves when `file` has not grown for `quietMs`, or after `maxMs`; returns whether it went quiet. */
export async function untilQuiet(file: string | undefined, quietMs: number, maxMs: number): Promise<boolean> {
  if (file === undefined) {
    await sleep(quietMs);
    return true;
  }
  const began = Date.now();
  let size = await sizeOf(file);
  let stillSince = Date.now();
  while (Date.now() - began < maxMs) {
    await sleep(POLL_MS);
    const now = await sizeOf(file);
    if (now !== size) {
      size = now;
      stillSince = Date.now();
    } else if (Date.now() - stillSince >= quietMs) return true;
  }
  return false;
}

/**
 * The idle window after a call: at least `ms` with no call open; when the server acts in it (the
 * trace grows), it lasts until the server has been quiet for `ms` again, bounded by `maxMs`. What it
 * did meanwhile is background (attribute.ts), and the next call starts on a quiet server.
 */
export async function idleWindow(file: string | undefined, ms: number, maxMs: number): Promise<void> {
  if (file === undefined) {
    await sleep(ms);
    return;
  }
  const before = await sizeOf(file);
  await sleep(ms);
  if ((await sizeOf(file)) !== before) await untilQuiet(file, ms, maxMs);
}
