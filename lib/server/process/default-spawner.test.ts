import crossSpawn from 'cross-spawn';
import { describe, expect, it } from 'vitest';
import { defaultSpawner } from './default-spawner';

describe('defaultSpawner', () => {
  it('is child_process.spawn on POSIX, at once (no promise: the server starts in the same turn)', async () => {
    const spawner = defaultSpawner('linux');
    expect(typeof spawner).toBe('function');
    if (typeof spawner !== 'function') return;
    const child = spawner(
      process.execPath,
      ['-e', 'process.stdout.write(process.argv.slice(1).join(","))', 'a b', '"c"'],
      {
        stdio: ['ignore', 'pipe', 'ignore'],
      },
    );
    let out = '';
    child.stdout?.on('data', (chunk: Buffer) => (out += chunk.toString()));
    const code = await new Promise((resolve) => child.once('close', resolve));
    expect(code).toBe(0);
    // The arguments arrive as given, no shell in between.
    expect(out).toBe('a b,"c"');
    expect(defaultSpawner('darwin')).toBe(spawner);
  });

  it('is cross-spawn on Windows, loaded on first use', async () => {
    const spawner = defaultSpawner('win32');
    expect(spawner).toBeInstanceOf(Promise);
    expect(await spawner).toBe(crossSpawn);
  });
});
