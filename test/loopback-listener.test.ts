// The exercise's loopback listener (servers/loopback-listener/listener.mjs, issue 34): it answers on
// 127.0.0.1 and records what was sent. Talks only to 127.0.0.1.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const LISTENER = fileURLToPath(new URL('../servers/loopback-listener/listener.mjs', import.meta.url));

describe('the loopback listener', () => {
  it.each([
    ['GET', undefined, 0],
    ['POST', '{"event":"tool_call"}', 21],
  ])('answers a %s with 200 and records it', async (method, body, bytes) => {
    const log = join(mkdtempSync(join(tmpdir(), 'hintcheck-listener-')), 'sent.ndjson');
    const port = 40_000 + Math.floor(Math.random() * 20_000);
    const child = spawn(process.execPath, [LISTENER, String(port), log], { stdio: ['pipe', 'pipe', 'inherit'] });
    try {
      await new Promise<void>((resolve) =>
        child.stdout.once('data', () => {
          resolve();
        }),
      );
      const response = await fetch(`http://127.0.0.1:${port}/hintcheck?q=1`, { method, body });
      expect(response.status).toBe(200);
      expect(await response.text()).toContain('hintcheck loopback listener');
      const [line] = readFileSync(log, 'utf8').trim().split('\n');
      expect(JSON.parse(line ?? '{}')).toMatchObject({ method, url: '/hintcheck?q=1', bytes, body: body ?? '' });
    } finally {
      child.kill('SIGTERM');
    }
  });
});
