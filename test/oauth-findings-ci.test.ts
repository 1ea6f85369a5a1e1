// An OAuth finding reaches every output that judges findings: a hosted server on 127.0.0.1 whose
// one tool is fully annotated, read-only and closed-world (no flag of medium or above) but that
// answers initialize without credentials (no-auth-required, high). The built CLI must put that
// finding in SARIF, fail its JUnit case and the --fail-on gate, and show it in Markdown and text.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXIT } from '../lib/cli/exit-codes';
import { reportSchema, type Report } from '../lib/core/report/report';
import { runCli } from './cli-run';
import { expectGithubReady, type Sarif } from './sarif-schema';

interface McpFixture {
  url: string;
  close(): Promise<void>;
}
const httpFixtures = (await import(new URL('./fixtures/http-server.mjs', import.meta.url).href)) as {
  startFixture(scenario: string): Promise<McpFixture>;
};

let fixture: McpFixture;
beforeAll(async () => {
  fixture = await httpFixtures.startFixture('open-read-only');
});
afterAll(async () => {
  await fixture.close();
});

const audit = (...options: string[]) => runCli(['audit', '--url', fixture.url, ...options]);

describe('an OAuth finding of a hosted audit', () => {
  it('is the only finding at medium or above (the premise of the other tests)', async () => {
    const run = await audit('--json', '--fail-on', 'none');
    expect(run.code).toBe(EXIT.ok);
    const report: Report = reportSchema.parse(JSON.parse(run.stdout));
    expect(report.tools.map((tool) => tool.name)).toEqual(['read_note']);
    expect(report.tools[0]?.flags.filter((flag) => flag.severity === 'high' || flag.severity === 'medium')).toEqual([]);
    expect(report.oauth?.findings.find((finding) => finding.id === 'no-auth-required')?.severity).toBe('high');
  });

  it('fails --fail-on high and the default gate (high) with a line on stderr, and passes --fail-on none', async () => {
    expect((await audit('--fail-on', 'high')).code).toBe(EXIT.gate);
    const byDefault = await audit();
    expect(byDefault.code).toBe(EXIT.gate);
    expect(byDefault.stderr).toContain('the worst finding is high, at or above the gate (--fail-on high, the default;');
    expect((await audit('--fail-on', 'none')).code).toBe(EXIT.ok);
    expect((await audit('--fail-on', 'critical')).code).toBe(EXIT.ok);
  });

  it('fails `oauth --fail-on high` (and its default), passes --fail-on none, in every format', async () => {
    const oauth = (...options: string[]) => runCli(['oauth', fixture.url, ...options]);
    const high = await oauth('--fail-on', 'high');
    expect(high.code).toBe(EXIT.gate);
    expect(high.stdout).toContain('no-auth-required');
    expect(high.stderr).toContain('the worst finding is high');
    expect((await oauth()).code).toBe(EXIT.gate);
    expect((await oauth('--fail-on', 'none')).code).toBe(EXIT.ok);
    const json = await oauth('--json', '--fail-on', 'high');
    expect(json.code).toBe(EXIT.gate);
    expect(JSON.parse(json.stdout)).toMatchObject({
      findings: expect.arrayContaining([expect.objectContaining({ id: 'no-auth-required' })]) as unknown,
    });
    expect((await oauth('--fail-on', 'severe')).code).toBe(EXIT.usage);
  });

  it('is a SARIF result with its rule (ready for GitHub), at the OAuth pseudo-path', async () => {
    const run = await audit('--format', 'sarif');
    const sarif = JSON.parse(run.stdout) as Sarif;
    expectGithubReady(sarif);
    const result = sarif.runs[0]?.results.find((r) => r.ruleId === 'no-auth-required');
    expect(result?.level).toBe('error');
    expect(result?.message.text).toMatch(/^OAuth, http:\/\/127\.0\.0\.1:\d+\/mcp: POST initialize answered 200/);
    expect(result?.locations[0]?.physicalLocation.artifactLocation.uri).toBe('mcp-server/hintcheck-http-fixture/oauth');
    const rule = sarif.runs[0]?.tool.driver.rules.find((r) => r.id === 'no-auth-required');
    expect(rule?.help.text).toContain('What it does not tell you: Whether that is intended (a public server)');
  });

  it('is a failing JUnit case under --fail-on, in the oauth class', async () => {
    const run = await audit('--format', 'junit', '--fail-on', 'high');
    expect(run.code).toBe(EXIT.gate);
    const oauthCase =
      /<testcase classname="mcp\.hintcheck-http-fixture\.oauth" name="([^"]+)"[^>]*>\s*<failure message="([^"]*)" type="([^"]*)">/.exec(
        run.stdout,
      );
    expect(oauthCase?.[1]).toBe(fixture.url);
    expect(oauthCase?.[2]).toBe('no-auth-required');
    expect(oauthCase?.[3]).toBe('high');
    expect(run.stdout).toMatch(/<testsuite [^>]*failures="1"/);
  });

  it('is in the Markdown summary, whose verdict is the gate', async () => {
    const run = await audit('--format', 'markdown', '--fail-on', 'high');
    expect(run.stdout).toContain('### mcp-hintcheck audit: gate failed');
    expect(run.stdout).toMatch(/\| OAuth http\\\[:\\\]\/\/127\.0\.0\.1:\d+\/mcp \| high `no-auth-required` \|/);
    expect(run.stdout).toContain(
      '- `no-auth-required`: The server answered an MCP initialize request without any credentials',
    );
  });

  it('is counted in the text summary line of what --fail-on judges', async () => {
    const run = await audit();
    expect(run.stdout).toMatch(/findings \(tools, other items, server, OAuth: what --fail-on judges\): 1 high/);
  });
});
