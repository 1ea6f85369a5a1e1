/** Which package runtimes this machine has (lib/core/registry/targets.ts): each looked up on PATH, nothing run. */
import { accessSync, constants } from 'node:fs';
import path from 'node:path';
import { RUNTIMES, type Runtime } from '../../core/registry/targets';

export function presentRuntimes(pathVariable: string | undefined): Set<Runtime> {
  const folders = (pathVariable ?? '').split(path.delimiter).filter(Boolean);
  const found = new Set<Runtime>();
  for (const runtime of RUNTIMES) {
    for (const folder of folders) {
      try {
        accessSync(path.join(folder, runtime), constants.X_OK);
        found.add(runtime);
        break;
      } catch {
        // Not in this folder.
      }
    }
  }
  return found;
}
