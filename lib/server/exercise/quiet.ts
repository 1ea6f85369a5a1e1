/**
 * Waiting until the sandboxed server is quiet (issue 34), instead of a fixed sleep. Two signs, read
 * every 10 ms: the tracer appends a line for every traced system call, so the trace file's size
 * standing still means no traced effect happened; and the sandbox's processes using no CPU time
 * (activity.ts) means none is working toward one (a server computing before it writes is busy,
 * though its trace is still). Both still for `quietMs` is quiet. Bounded by `maxMs` (a server that
 * never stops, a browser writing its profile, is waited for no longer). Without a trace path (no
 * tracer output to watch) it sleeps `quietMs`.
 */
import { stat } from 'node:fs/promises';

const POLL_MS = 10;

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** What is watched: the trace file, and the sandbox's CPU activity when it can be read. */
export interface QuietSigns {
  tracePath: string | undefined;
  activity?: () => Promise<string | null>;
}

async function signature(signs: QuietSigns & { tracePath: string }): Promise<string> {
  const size = await stat(signs.tracePath).then(
    (info) => info.size,
    () => -1,
  );
  return `${size} ${(await signs.activity?.()) ?? ''}`;
}

/** Resolves when neither sign has moved for `quietMs`, or after `maxMs`; returns whether it went quiet. */
export async function untilQuiet(signs: QuietSigns, quietMs: number, maxMs: number): Promise<boolean> {
  const { tracePath } = signs;
  if (tracePath === undefined) {
    await sleep(quietMs);
    return true;
  }
  const began = Date.now();
  let last = await signature({ ...signs, tracePath });
  let stillSince = Date.now();
  while (Date.now() - began < maxMs) {
    await sleep(POLL_MS);
    const now = await signature({ ...signs, tracePath });
    if (now !== last) {
      last = now;
      stillSince = Date.now();
    } else if (Date.now() - stillSince >= quietMs) return true;
  }
  return false;
}

/**
 * The idle window after a call: at least `ms` with no call open; when the server acts in it (the
 * trace grows, a process runs), it lasts until the server has been quiet for `ms` again, bounded by
 * `maxMs`. What it did meanwhile is background (attribute.ts), and the next call starts on a quiet
 * server.
 */
export async function idleWindow(signs: QuietSigns, ms: number, maxMs: number): Promise<void> {
  const { tracePath } = signs;
  if (tracePath === undefined) {
    await sleep(ms);
    return;
  }
  const before = await signature({ ...signs, tracePath });
  await sleep(ms);
  if ((await signature({ ...signs, tracePath })) !== before) await untilQuiet(signs, ms, maxMs);
}
