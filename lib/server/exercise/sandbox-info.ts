/**
 * Bubblewrap's info file (`--info-fd`): the sandbox's PID and namespace ids, written by bubblewrap in
 * more than one write while the server starts. A reader can meet it half-written, so a file that does
 * not parse yet is "not reported yet" (null), never an error: the watchdog and the snapshot read it
 * again on their next turn.
 */
import { readFile } from 'node:fs/promises';

export interface SandboxInfo {
  'child-pid'?: unknown;
  'mnt-namespace'?: unknown;
  'pid-namespace'?: unknown;
}

export async function readSandboxInfo(infoPath: string): Promise<SandboxInfo | null> {
  const text = await readFile(infoPath, 'utf8').catch(() => '');
  try {
    const parsed: unknown = JSON.parse(text);
    return typeof parsed === 'object' && parsed !== null ? parsed : null;
  } catch {
    return null;
  }
}
