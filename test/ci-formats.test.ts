// The CI formats against their real consumers' rules: SARIF against the official 2.1.0 JSON Schema
// (vendored, see test/fixtures/sarif/SOURCE.md) plus GitHub code scanning's extra demands; JUnit
// parsed by a real XML parser (Chromium's DOMParser); Markdown with hostile server strings.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumExecutablePath } from '../e2e/browser';
import { EXIT } from '../lib/cli/exit-codes';
import { RAW_FIXTURE } from './helpers';
import { driftTarget, runCli, tempDir } from './cli-run';
import { expectGithubReady, type Sarif } from './sarif-schema';

describe('SARIF 2.1.0', () => {
  it('of an audit of the demo server (every kind of flag) validates and is ready for GitHub', async () => {
    const run = await runCli(['audit', '--demo', '--format', 'sarif', '--fail-on', 'none']);
    expect(run.code).toBe(EXIT.ok);
    const sarif = JSON.parse(run.stdout) as Sarif;
    expectGithubReady(sarif);
    expect(sarif.runs[0]?.results.length).toBeGreaterThan(16);
    expect(sarif.runs[0]?.results.find((result) => result.ruleId === 'unannotated')?.level).toBe('error');
  });

  it('of hostile server strings validates', async () => {
    const run = await runCli(['audit', '--format', 'sarif', '--', process.execPath, RAW_FIXTURE, 'hostile-strings']);
    expectGithubReady(JSON.parse(run.stdout) as Sarif);
  });

  it('of verify validates, locates each change at its tool in the contract file, and is stable across runs', async () => {
    const dir = tempDir();
    const contract = join(dir, 'mcp-surface.json');
    await runCli(['contract', 'write', '-o', contract, ...driftTarget('v1')]);
    const runs = [
      await runCli(['verify', '--contract', contract, '--format', 'sarif', ...driftTarget('v2')]),
      await runCli(['verify', '--contract', contract, '--format', 'sarif', ...driftTarget('v2')]),
    ];
    expect(runs[0]?.code).toBe(EXIT.gate);
    const [first, second] = runs.map((run) => JSON.parse(run.stdout) as Sarif);
    if (first === undefined || second === undefined) throw new Error('no output');
    expectGithubReady(first);
    const results = first.runs[0]?.results ?? [];
    const flip = results.find((result) => result.message.text.includes('"search_docs"'));
    expect(flip?.level).toBe('error');
    const text = readFileSync(contract, 'utf8').split('\n');
    expect(text[(flip?.locations[0]?.physicalLocation.region.startLine ?? 0) - 1]).toContain('"name": "search_docs"');
    expect(results.map((result) => result.partialFingerprints)).toEqual(
      second.runs[0]?.results.map((result) => result.partialFingerprints),
    );
  });
});

describe('JUnit and Markdown', () => {
  let browser: Browser;
  beforeAll(async () => {
    const executablePath = chromiumExecutablePath();
    browser = await chromium.launch({
      ...(executablePath === undefined ? {} : { executablePath }),
      args: ['--no-sandbox'],
    });
  });
  afterAll(async () => {
    await browser.close();
  });

  /** Parses XML in Chromium: the test cases, failures and errors it finds, or the parser's complaint. */
  async function parseXml(xml: string) {
    const page = await browser.newPage();
    try {
      return await page.evaluate((text) => {
        const doc = new DOMParser().parseFromString(text, 'application/xml');
        const error = doc.querySelector('parsererror');
        if (error !== null) return { error: error.textContent };
        const cases = [...doc.querySelectorAll('testcase')];
        return {
          error: null,
          names: cases.map((c) => c.getAttribute('name')),
          failed: cases.filter((c) => c.querySelector('failure') !== null).map((c) => c.getAttribute('name')),
          errored: cases.filter((c) => c.querySelector('error') !== null).map((c) => c.getAttribute('name')),
          suite: doc.querySelector('testsuite')?.getAttribute('failures'),
        };
      }, xml);
    } finally {
      await page.close();
    }
  }

  it('an audit is one test case per tool, failing where --fail-on gates; hostile strings stay well-formed', async () => {
    const gated = await parseXml((await runCli(['audit', '--demo', '--format', 'junit', '--fail-on', 'high'])).stdout);
    expect(gated.error).toBeNull();
    expect(gated.names).toHaveLength(16);
    expect(gated.failed).toContain('legacy_import');
    const hostile = await runCli([
      'audit',
      '--format',
      'junit',
      '--',
      process.execPath,
      RAW_FIXTURE,
      'hostile-strings',
    ]);
    expect((await parseXml(hostile.stdout)).error).toBeNull();
    const down = await parseXml((await runCli(['audit', '--format', 'junit', '--', 'no-such-mcp-server-xyz'])).stdout);
    expect(down.errored).toHaveLength(1);
  });

  it('verify is one case per tool and per contract check, failing on the gated changes', async () => {
    const dir = tempDir();
    const contract = join(dir, 'c.json');
    await runCli(['contract', 'write', '-o', contract, ...driftTarget('v1')]);
    const parsed = await parseXml(
      (await runCli(['verify', '--contract', contract, '--format', 'junit', ...driftTarget('v2')])).stdout,
    );
    expect(parsed.error).toBeNull();
    expect(parsed.names).toEqual([
      'add_note',
      'delete_note',
      'export_notes',
      'fetch_page',
      'search_docs',
      'toolCount',
      'destructiveToolCount',
      'openWorldToolCount',
    ]);
    // add_note's changed description is changed text: it gates by default.
    expect(parsed.failed).toEqual([
      'add_note',
      'export_notes',
      'search_docs',
      'toolCount',
      'destructiveToolCount',
      'openWorldToolCount',
    ]);
  });

  it('markdown neutralises server text', async () => {
    const run = await runCli([
      'audit',
      '--format',
      'markdown',
      '--fail-on',
      'none',
      '--',
      process.execPath,
      RAW_FIXTURE,
      'hostile-strings',
    ]);
    expect(run.stdout).toMatch(/^### mcp-hintcheck audit: done/);
    expect(run.stdout).not.toMatch(/<script|<img/i);
    expect(
      run.stdout
        .split('\n')
        .filter((line) => line.startsWith('| '))
        .every((line) => !/[^\\]\|[^|]*\n/.test(line)),
    ).toBe(true);
  });
});
