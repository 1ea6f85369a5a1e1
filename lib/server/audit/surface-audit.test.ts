// Both protocol eras and the whole surface, end to end through runAudit: the project's v2 fixtures
// (modern-only and dual-era HTTP, a rich stdio server), a 2024-11-05-only HTTP server, the v1 HTTP
// fixture (2025 only), the raw stdio fixture (2024-11-05), and the published everything server,
// whose prompts and resources are checked against an independent listing with the v1 SDK client.
// Loopback only.
import { join } from 'node:path';
import { Client as ClientV1 } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { describe, expect, it } from 'vitest';
import { reportSchema, type Report } from '../../core/report/report';
import { runAudit } from './audit';
import { ROOT, rawFixture } from '../../../test/helpers';
import { startOldFixture } from '../../../test/fixtures/old-http-server.mjs';
import { startV2Fixture, V2_INSTRUCTIONS } from '../../../test/fixtures/v2-http-server.mjs';

const V2_STDIO = join(ROOT, 'test/fixtures/v2-stdio-server.mjs');
const V1_HTTP_FIXTURE = new URL('../../../test/fixtures/http-server.mjs', import.meta.url).href;
const EVERYTHING = join(ROOT, 'node_modules/@modelcontextprotocol/server-everything/dist/index.js');

const v2Stdio = (scenario: string) => ({
  transport: 'stdio' as const,
  command: process.execPath,
  args: [V2_STDIO, scenario],
  env: [],
});

function valid(report: Report): Report {
  expect(reportSchema.safeParse(report).success).toBe(true);
  return report;
}

const flagIds = (items: readonly { name: string; flags: readonly { id: string }[] }[], name: string): string[] =>
  items.find((item) => item.name === name)?.flags.map((flag) => flag.id) ?? [];

describe('audit --url in each era', () => {
  it.each([
    ['modern', 'modern', '2026-07-28', 'auto-probe', false],
    ['dual', 'modern', '2026-07-28', 'auto-probe', true],
  ] as const)(
    'a %s v2 server: speaks %s %s, says whether 2025 clients are accepted',
    async (scenario, era, version, chosenBy, legacyAccepted) => {
      const fixture = await startV2Fixture(scenario);
      try {
        const report = valid(
          await runAudit({ transport: 'auto', url: fixture.url, headers: {} }, { timeoutMs: 15_000 }),
        );
        expect(report.errors).toEqual([]);
        expect(report.protocol).toMatchObject({ era, version, chosenBy, requested: 'auto' });
        expect(report.protocol?.otherEra).toMatchObject({ era: 'legacy', accepted: legacyAccepted });
        expect(report.tools.map((tool) => tool.name)).toEqual(['lookup_city', 'forecast']);
        expect(report.surface?.prompts.map((prompt) => prompt.name)).toEqual(['summarize']);
        expect(report.surface?.resources.map((resource) => resource.uri)).toEqual(['file:///readme.md']);
        expect(report.surface?.resourceTemplates.map((template) => template.uriTemplate)).toEqual(['city://{name}']);
        expect(report.surface?.instructions?.text).toBe(V2_INSTRUCTIONS);
        expect(report.server?.name).toBe('v2-fixture');
        // The SDK's list results carry the current era's cache fields: no finding about them.
        expect(report.surface?.findings.map((finding) => finding.id)).not.toContain('list-cache-fields-missing');
        expect(report.tools.find((tool) => tool.name === 'forecast')?.icons).toBeDefined();
      } finally {
        await fixture.close();
      }
    },
  );

  it('--protocol legacy against a modern-only server: a clear error that says what to try', async () => {
    const fixture = await startV2Fixture('modern');
    try {
      const report = await runAudit(
        { transport: 'auto', url: fixture.url, headers: {} },
        { timeoutMs: 15_000, protocol: { mode: 'legacy' } },
      );
      expect(report.errors[0]?.message).toMatch(/speaks only the current revision \(2026-07-28\)/);
      expect(report.errors[0]?.hint).toMatch(/--protocol auto/);
    } finally {
      await fixture.close();
    }
  });

  it('--protocol legacy against the dual server speaks 2025-11-25 and finds the current era accepted too', async () => {
    const fixture = await startV2Fixture('dual');
    try {
      const report = valid(
        await runAudit(
          { transport: 'auto', url: fixture.url, headers: {} },
          { timeoutMs: 15_000, protocol: { mode: 'legacy' } },
        ),
      );
      expect(report.protocol).toMatchObject({ era: 'legacy', version: '2025-11-25', chosenBy: 'requested' });
      expect(report.protocol?.otherEra).toMatchObject({ era: 'modern', accepted: true });
      expect(report.surface?.prompts).toHaveLength(1);
    } finally {
      await fixture.close();
    }
  });

  it('a 2024-11-05-only server: auto falls back to initialize, and the current era is refused', async () => {
    const fixture = await startOldFixture();
    try {
      const report = valid(await runAudit({ transport: 'auto', url: fixture.url, headers: {} }, { timeoutMs: 15_000 }));
      expect(report.errors).toEqual([]);
      expect(report.protocol).toMatchObject({ era: 'legacy', version: '2024-11-05', chosenBy: 'auto-fallback' });
      expect(report.protocol?.otherEra).toMatchObject({ era: 'modern', accepted: false });
      expect(report.tools.map((tool) => tool.name)).toEqual(['old_read', 'old_write']);
      // Capabilities declare only tools: no other list was requested.
      expect(report.surface?.lists.prompts.declared).toBe(false);
      expect(fixture.requests.filter((request) => request.method === 'POST').length).toBeGreaterThan(0);
    } finally {
      await fixture.close();
    }
  });

  it('a 2025-only server on the v1 SDK (Streamable HTTP): auto falls back to 2025-11-25; the current era is refused', async () => {
    const { startFixture } = (await import(V1_HTTP_FIXTURE)) as {
      startFixture: (scenario: 'mcp') => Promise<{ url: string; close: () => Promise<void> }>;
    };
    const fixture = await startFixture('mcp');
    try {
      const report = valid(await runAudit({ transport: 'auto', url: fixture.url, headers: {} }, { timeoutMs: 15_000 }));
      expect(report.errors).toEqual([]);
      expect(report.protocol).toMatchObject({ era: 'legacy', version: '2025-11-25', chosenBy: 'auto-fallback' });
      expect(report.protocol?.otherEra).toMatchObject({ era: 'modern', accepted: false });
      expect(report.tools).toHaveLength(3);
    } finally {
      await fixture.close();
    }
  });

  it('--protocol modern against a 2025-only server fails with a hint to use auto', async () => {
    const fixture = await startOldFixture();
    try {
      const report = await runAudit(
        { transport: 'auto', url: fixture.url, headers: {} },
        { timeoutMs: 15_000, protocol: { mode: 'modern' } },
      );
      expect(report.errors).toHaveLength(1);
      expect(report.errors[0]?.hint).toMatch(/--protocol auto/);
    } finally {
      await fixture.close();
    }
  });
});

describe('stdio servers of both SDK lines', () => {
  it('the rich v2 server in the current era: the whole surface, raw, with its findings', async () => {
    const report = valid(await runAudit(v2Stdio('rich'), { timeoutMs: 20_000, countTokens: true }));
    expect(report.errors).toEqual([]);
    expect(report.protocol).toMatchObject({ era: 'modern', version: '2026-07-28', otherEra: null });
    const surface = report.surface;
    if (surface === undefined) throw new Error('no surface');
    // Raw: the tool with a broken outputSchema is kept, though the SDK client rejects the list.
    expect(report.tools).toHaveLength(7);
    expect(report.warnings.map((warning) => warning.code)).toContain('sdk-rejects-list');
    expect(flagIds(report.tools, 'bad_headers')).toContain('x-mcp-header-invalid');
    expect(flagIds(report.tools, 'search')).not.toContain('x-mcp-header-invalid');
    expect(flagIds(report.tools, 'remote_schema')).toEqual(
      expect.arrayContaining(['external-schema-ref', 'invalid-output-schema']),
    );
    expect(flagIds(report.tools, 'broken_output')).toEqual(
      expect.arrayContaining(['invalid-output-schema', 'reserved-meta-key']),
    );
    expect(flagIds(report.tools, 'risky_icons')).toContain('icon-source');
    expect(flagIds(report.tools, 'a_tool_name_that_is_far_too_long_for_the_major_hosts_to_accept_ok_x')).toContain(
      'long-tool-name',
    );
    // Prompts over two pages, one with a bidi override and arguments that are not an array.
    expect(surface.lists.prompts).toMatchObject({ declared: true, pages: 2, complete: true, items: 3 });
    expect(flagIds(surface.prompts, 'hidden_prompt')).toEqual(
      expect.arrayContaining(['hidden-characters', 'malformed-item']),
    );
    expect(surface.resources.map((resource) => [resource.name, resource.activeContent])).toEqual([
      ['today', null],
      ['panel', 'mcp-app'],
      ['page', 'html'],
    ]);
    expect(surface.resourceTemplates.map((template) => template.name)).toEqual(['note_by_day']);
    expect(surface.instructions?.flags.map((flag) => flag.id)).toContain('hidden-characters');
    // Context cost: every item has bytes and a token estimate, and the session start adds tools and instructions.
    for (const tool of report.tools) expect(tool.cost?.tokens).toBeGreaterThan(0);
    expect(surface.cost.sessionStart.bytes).toBe(surface.cost.tools.bytes + surface.cost.instructions.bytes);
    expect(surface.cost.encoding).toBe('o200k_base');
  });

  it('the same server over the 2025 handshake (--protocol 2025-06-18 pinned)', async () => {
    const report = valid(
      await runAudit(v2Stdio('rich'), { timeoutMs: 20_000, protocol: { mode: 'pinned', version: '2025-06-18' } }),
    );
    expect(report.protocol).toMatchObject({ era: 'legacy', version: '2025-06-18', chosenBy: 'requested' });
    expect(report.tools).toHaveLength(7);
    expect(report.surface?.prompts).toHaveLength(3);
    // execution is a 2025-11-25 tool field; the v2 server leaves it out of current-era lists.
    expect(report.tools.find((tool) => tool.name === 'search')?.execution).toEqual({ taskSupport: 'forbidden' });
  });

  it('an old raw server (2024-11-05) over stdio: auto falls back', async () => {
    const report = valid(await runAudit(rawFixture('old-protocol'), { timeoutMs: 20_000 }));
    expect(report.errors).toEqual([]);
    expect(report.protocol).toMatchObject({ era: 'legacy', version: '2024-11-05', chosenBy: 'auto-fallback' });
  });

  it('server-everything (v1 SDK line): every prompt and resource, as an independent client lists them', async () => {
    const report = valid(
      await runAudit(
        { transport: 'stdio', command: process.execPath, args: [EVERYTHING, 'stdio'], env: [] },
        { timeoutMs: 30_000 },
      ),
    );
    expect(report.errors).toEqual([]);
    const client = new ClientV1({ name: 'independent', version: '1' });
    await client.connect(
      new StdioClientTransport({ command: process.execPath, args: [EVERYTHING, 'stdio'], stderr: 'pipe' }),
    );
    try {
      const prompts: string[] = [];
      const resources: string[] = [];
      let cursor: string | undefined;
      do {
        const page = await client.listPrompts(cursor === undefined ? {} : { cursor });
        prompts.push(...page.prompts.map((prompt) => prompt.name));
        cursor = page.nextCursor;
      } while (cursor !== undefined);
      do {
        const page = await client.listResources(cursor === undefined ? {} : { cursor });
        resources.push(...page.resources.map((resource) => resource.uri));
        cursor = page.nextCursor;
      } while (cursor !== undefined);
      expect(prompts.length).toBeGreaterThan(0);
      expect(resources.length).toBeGreaterThan(0);
      expect(report.surface?.prompts.map((prompt) => prompt.name)).toEqual(prompts);
      expect(report.surface?.resources.map((resource) => resource.uri)).toEqual(resources);
    } finally {
      await client.close();
    }
  });
});

describe('a list that fails keeps the rest of the report', () => {
  it('prompts/list answers an error: tools stay, a warning names the list and why', async () => {
    const report = valid(await runAudit(v2Stdio('prompts-error'), { timeoutMs: 20_000 }));
    expect(report.errors).toEqual([]);
    expect(report.tools).toHaveLength(7);
    const warning = report.warnings.find((w) => w.code === 'list-failed');
    expect(warning?.message).toMatch(/^prompts\/list failed: .*prompts are broken today/);
    expect(report.surface?.lists.prompts.error).toMatch(/prompts are broken today/);
    expect(report.surface?.resources).toHaveLength(3);
  });

  it('resources/list never answers: a timeout warning for that list only', async () => {
    const report = valid(await runAudit(v2Stdio('resources-hang'), { timeoutMs: 20_000, requestTimeoutMs: 1500 }));
    expect(report.errors).toEqual([]);
    expect(report.tools).toHaveLength(7);
    const warning = report.warnings.find((w) => w.code === 'list-failed');
    expect(warning?.message).toMatch(/^resources\/list failed: .*did not answer in time/);
    expect(report.surface?.prompts).toHaveLength(3);
  });

  it('malformed items: skipped with a warning, or kept with a finding; a non-array list is a list failure', async () => {
    const report = valid(await runAudit(v2Stdio('bad-items'), { timeoutMs: 20_000 }));
    expect(report.surface?.prompts.map((prompt) => prompt.name)).toEqual(['', 'ok_prompt']);
    expect(report.surface?.prompts[0]?.flags.map((flag) => flag.id)).toContain('malformed-item');
    expect(report.warnings.filter((w) => w.code === 'entry-not-object')).toHaveLength(2);
    expect(report.surface?.lists.resourceTemplates.error).toMatch(/no resourceTemplates array/);
  });
});
