// The CLI against servers of each protocol era: `audit --url` names the era and version it spoke,
// --protocol is parsed and honoured, and the CSV can carry every kind of item. Loopback only.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SURFACE_CSV_HEADERS } from '../lib/core/csv/surface';
import { reportSchema } from '../lib/core/report/report';
import { CLI, RAW_FIXTURE, ROOT } from './helpers';
import { startOldFixture } from './fixtures/old-http-server.mjs';
import { startV2Fixture } from './fixtures/v2-http-server.mjs';

function run(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [CLI, ...args], { cwd: ROOT, env: { ...process.env, NO_COLOR: '1' } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('close', (code) => {
      resolve({ code, stdout, stderr });
    });
  });
}

describe('audit of a stdio server names the era it spoke', () => {
  // The built CLI, as a user runs it: a server of either era is audited whole.
  it.each([
    ['a 2025-era server (auto falls back)', [RAW_FIXTURE, 'basic'], [], 'legacy', 'auto-fallback'],
    [
      'a current-era server (auto probes it)',
      [join(ROOT, 'test/fixtures/v2-stdio-server.mjs')],
      [],
      'modern',
      'auto-probe',
    ],
    [
      'a current-era server, --protocol modern',
      [join(ROOT, 'test/fixtures/v2-stdio-server.mjs')],
      ['--protocol', 'modern'],
      'modern',
      'requested',
    ],
  ])('the built CLI audits %s', async (_label, server, options, era, chosenBy) => {
    const { code, stdout } = await run([
      'audit',
      '--fail-on',
      'none',
      '--json',
      ...options,
      '--',
      process.execPath,
      ...server,
    ]);
    expect(code).toBe(0);
    const report = reportSchema.parse(JSON.parse(stdout));
    expect(report.protocol).toMatchObject({ era, chosenBy });
    expect(report.errors).toEqual([]);
    expect(report.tools.length).toBeGreaterThan(0);
  });
});

describe('audit --url names the era and version', () => {
  it.each([
    ['modern', 'protocol 2026-07-28 (current era)', /other era: The server refuses a 2025-era initialize/],
    ['dual', 'protocol 2026-07-28 (current era)', /other era: The server also answers a 2025-era initialize/],
  ] as const)('a %s v2 server', async (scenario, line, other) => {
    const fixture = await startV2Fixture(scenario);
    try {
      const { code, stdout } = await run(['audit', '--fail-on', 'none', '--url', fixture.url, '--tokens']);
      expect(code).toBe(0);
      expect(stdout).toContain(line);
      expect(stdout).toMatch(other);
      expect(stdout).toMatch(/surface: prompts: 1 {2}resources: 1 {2}templates: 1/);
      expect(stdout).toMatch(/context cost \(estimate, o200k_base\): session start .* tokens/);
    } finally {
      await fixture.close();
    }
  });

  it('a 2024-11-05-only server, as JSON', async () => {
    const fixture = await startOldFixture();
    try {
      const { code, stdout } = await run(['audit', '--fail-on', 'none', '--url', fixture.url, '--json']);
      expect(code).toBe(0);
      const report = reportSchema.parse(JSON.parse(stdout));
      expect(report.protocol).toMatchObject({ era: 'legacy', version: '2024-11-05', chosenBy: 'auto-fallback' });
    } finally {
      await fixture.close();
    }
  });

  it('rejects an unknown --protocol with exit 2', async () => {
    const { code, stderr } = await run(['audit', '--protocol', '2030-01-01', '--demo']);
    expect(code).toBe(2);
    expect(stderr).toContain('--protocol must be auto, legacy, modern or one of');
  });

  it('--format csv --all-kinds: one row per tool, prompt, resource, template and the instructions', async () => {
    const fixture = await startV2Fixture('dual');
    try {
      const { code, stdout } = await run([
        'audit',
        '--fail-on',
        'none',
        '--url',
        fixture.url,
        '--format',
        'csv',
        '--all-kinds',
      ]);
      expect(code).toBe(0);
      const lines = stdout.trimEnd().split('\r\n');
      expect(lines[0]).toBe(SURFACE_CSV_HEADERS.join(','));
      expect(lines.slice(1).map((line) => line.split(',')[0])).toEqual([
        'tool',
        'tool',
        'prompt',
        'resource',
        'resource-template',
        'instructions',
      ]);
    } finally {
      await fixture.close();
    }
  });
});

describe('contract write and verify honour the audit flags of `audit`', () => {
  it('--protocol modern on a 2025-era server: no contract (exit 3), where auto writes one', async () => {
    const { runCli, driftTarget } = await import('./cli-run');
    const auto = await runCli(['contract', 'write', '-o', '-', ...driftTarget('v1')]);
    expect(auto.code).toBe(0);
    const written = JSON.parse(auto.stdout) as { server: { protocolVersion: string } };
    expect(written.server.protocolVersion).toMatch(/^2025-/);
    const modern = await runCli(['contract', 'write', '-o', '-', '--protocol', 'modern', ...driftTarget('v1')]);
    expect(modern.code).toBe(3);
    expect(modern.stdout).toBe('');
    expect(modern.stderr).toMatch(/did not offer the protocol asked for \(--protocol modern\)/);
  });

  it('verify --protocol with an unknown value is a usage error (exit 2)', async () => {
    const { runCli, driftTarget, tempDir } = await import('./cli-run');
    const contract = `${tempDir()}/mcp-surface.json`;
    expect((await runCli(['contract', 'write', '-o', contract, ...driftTarget('v1')])).code).toBe(0);
    const { code, stderr } = await runCli(['verify', '--contract', contract, '--protocol', 'v9', ...driftTarget('v1')]);
    expect(code).toBe(2);
    expect(stderr).toContain('--protocol must be auto, legacy, modern or one of');
  });
});
