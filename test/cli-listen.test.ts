// --listen MS through the built CLI: the default hears the tool a server adds 150 ms after its requests
// are answered; --listen 0 does not wait for it (and says so in the Report); a bad value is a usage
// error before anything is launched.
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runCli } from './helpers';

const FIXTURE = fileURLToPath(new URL('./fixtures/host-requests-server.mjs', import.meta.url));
const audit = (...options: string[]) =>
  runCli(['audit', '--json', '--no-history', ...options, '--', process.execPath, FIXTURE]);
const toolNames = (stdout: string): string[] =>
  (JSON.parse(stdout) as { tools: { name: string }[] }).tools.map((tool) => tool.name);

describe('audit --listen', () => {
  it('by default listens after the lists and hears the late tool', async () => {
    const { code, stdout } = await audit();
    expect(code).not.toBe(2);
    expect(toolNames(stdout)).toContain('late_tool');
  });

  it('--listen 0 does not wait: no late tool, and the Report says it listened 0 ms', async () => {
    const { code, stdout } = await audit('--listen', '0');
    expect(code).not.toBe(2);
    expect(toolNames(stdout)).not.toContain('late_tool');
    expect((JSON.parse(stdout) as { clientSession: { listenMs: number } }).clientSession.listenMs).toBe(0);
  });

  it.each([['-5'], ['soon'], ['1.5']])('--listen %s is a usage error (exit 2, nothing on stdout)', async (value) => {
    const { code, stdout } = await audit(`--listen=${value}`);
    expect(code).toBe(2);
    expect(stdout).toBe('');
  });
});
