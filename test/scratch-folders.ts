// Temporary folders for one test file, all removed after its tests (vitest only: it registers afterAll).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';

/** Call at a test file's top level: a maker of folders named hintcheck-NAME-*, removed after its tests. */
export function scratchFolders(name: string): () => string {
  const made: string[] = [];
  afterAll(() => {
    for (const dir of made) rmSync(dir, { recursive: true, force: true });
  });
  return () => {
    const dir = mkdtempSync(join(tmpdir(), `hintcheck-${name}-`));
    made.push(dir);
    return dir;
  };
}
