import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readSandboxInfo } from './sandbox-info';

const folder = await mkdtemp(path.join(tmpdir(), 'hintcheck-info-'));
afterAll(() => rm(folder, { recursive: true, force: true }));

describe('readSandboxInfo', () => {
  it('reads a complete info file', async () => {
    const file = path.join(folder, 'complete.json');
    await writeFile(
      file,
      '{\n    "child-pid": 17,\n    "mnt-namespace": 4026532181,\n    "pid-namespace": 4026532183\n}\n',
    );
    expect(await readSandboxInfo(file)).toEqual({
      'child-pid': 17,
      'mnt-namespace': 4026532181,
      'pid-namespace': 4026532183,
    });
  });

  it('treats a half-written file (bubblewrap writes it in pieces) as not reported yet', async () => {
    // The failure CI met: the watchdog read the file between two of bubblewrap's writes.
    const file = path.join(folder, 'half.json');
    await writeFile(file, '{\n    "child-pid": 17,\n    "pid-namespace": 4026532183\n');
    expect(await readSandboxInfo(file)).toBeNull();
  });

  it('treats a missing file, an empty one and a non-object as not reported', async () => {
    const empty = path.join(folder, 'empty.json');
    const scalar = path.join(folder, 'scalar.json');
    await writeFile(empty, '');
    await writeFile(scalar, '17');
    expect(await readSandboxInfo(path.join(folder, 'absent.json'))).toBeNull();
    expect(await readSandboxInfo(empty)).toBeNull();
    expect(await readSandboxInfo(scalar)).toBeNull();
  });
});
