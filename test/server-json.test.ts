import { readFileSync } from 'node:fs';
import { Ajv } from 'ajv';
import addFormats from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { declarationOf, declaredSection } from '../lib/core/declared/section';
import type { Audited, InstalledPackage } from '../lib/core/server-json/input';
import { urlMatchesTemplate } from '../lib/core/server-json/declared';
import { validateServerJson } from '../lib/core/server-json/schema';

const read = (path: string): unknown => JSON.parse(readFileSync(new URL(path, import.meta.url), 'utf8'));
const fixture = (name: string): unknown => read(`./fixtures/server-json/${name}.server.json`);
const installed = (name: string): InstalledPackage => {
  const pkg = read(`../node_modules/${name}/package.json`) as { name: string; version: string; mcpName?: string };
  return { name: pkg.name, version: pkg.version, mcpName: pkg.mcpName ?? null };
};

const ajv = new Ajv({ strict: false, allErrors: true });
addFormats(ajv);
const vendored = ajv.compile(read('../lib/core/server-json/vendor/server.schema.2025-12-11.json') as object);

const stdio = (pkg: InstalledPackage | null, passed: string[] = []): Audited => ({
  transport: 'stdio',
  url: null,
  passed,
  connected: true,
  listedTools: ['echo'],
  serverVersion: '2.0.0',
  package: pkg,
});

const withEnv = (env: object[]): unknown => {
  const doc = structuredClone(fixture('memory')) as { packages: object[] };
  return { ...doc, packages: doc.packages.map((entry) => ({ ...entry, environmentVariables: env })) };
};

describe('the zod schema says what the vendored registry schema says', () => {
  const base = fixture('memory') as Record<string, unknown>;
  it.each([
    ['server-everything (real)', fixture('everything'), true],
    ['server-filesystem (real)', fixture('filesystem'), true],
    ['server-memory (real)', fixture('memory'), true],
    ['playwright-mcp (real)', fixture('playwright-mcp'), true],
    ['no name', { ...base, name: undefined }, false],
    ['a name without a slash', { ...base, name: 'server-memory' }, false],
    ['a description over 100 characters', { ...base, description: 'x'.repeat(101) }, false],
    [
      'package version "latest"',
      {
        ...base,
        packages: [{ registryType: 'npm', identifier: 'a', version: 'latest', transport: { type: 'stdio' } }],
      },
      false,
    ],
    [
      'a streamable-http transport without url',
      { ...base, packages: [{ registryType: 'npm', identifier: 'a', transport: { type: 'streamable-http' } }] },
      false,
    ],
    [
      'a positional argument without value or valueHint',
      {
        ...base,
        packages: [
          {
            registryType: 'npm',
            identifier: 'a',
            transport: { type: 'stdio' },
            packageArguments: [{ type: 'positional' }],
          },
        ],
      },
      false,
    ],
    ['a remote over sse', { ...base, remotes: [{ type: 'sse', url: 'https://example.com/sse' }] }, true],
    ['a remote over stdio', { ...base, remotes: [{ type: 'stdio' }] }, false],
    ['unknown keys (allowed)', { ...base, tools: [{ name: 'x' }] }, true],
  ])('%s', (_label, document, valid) => {
    expect(vendored(JSON.parse(JSON.stringify(document)))).toBe(valid);
    expect(validateServerJson(JSON.parse(JSON.stringify(document))).valid).toBe(valid);
  });
});

describe('real server.json files against their installed packages (no finding when they match)', () => {
  it.each([
    // stdio is declared for the package; PORT belongs to the streamable-http package only.
    ['everything', '@modelcontextprotocol/server-everything'],
    // one stdio package; the directory is an argument, not a variable.
    ['filesystem', '@modelcontextprotocol/server-filesystem'],
    ['memory', '@modelcontextprotocol/server-memory'],
    // mcpName io.github.microsoft/playwright-mcp in @playwright/mcp's package.json.
    ['playwright-mcp', '@playwright/mcp'],
  ])('%s', (name, pkg) => {
    const section = declaredSection(
      [declarationOf('file', `${name}.server.json`, fixture(name))],
      stdio(installed(pkg)),
    );
    expect(section.findings).toEqual([]);
    expect(section.declarations[0]?.valid).toBe(true);
  });

  it('reports the versions of each side without a finding (server-everything: 2.0.0 declared, 2026.8.31 installed)', () => {
    const section = declaredSection(
      [declarationOf('file', 'everything.server.json', fixture('everything'))],
      stdio(installed('@modelcontextprotocol/server-everything')),
    );
    expect([section.declarations[0]?.version, section.package?.version, section.liveVersion]).toEqual([
      '2.0.0',
      '2026.8.31',
      '2.0.0',
    ]);
  });
});

describe('a mismatch gives a finding', () => {
  const card = (tools: unknown): unknown => ({
    name: 'io.example/tools',
    version: '1.0.0',
    remotes: [{ type: 'streamable-http', url: 'https://{tenant}.example.com/mcp' }],
    tools,
  });
  const hosted = (over: Partial<Audited> = {}): Audited => ({
    transport: 'streamable-http',
    url: 'https://acme.example.com/mcp',
    passed: [],
    connected: true,
    listedTools: ['search', 'fetch', 'delete_all'],
    serverVersion: '1.0.0',
    package: null,
    ...over,
  });
  it.each([
    // playwright's server.json names another registry name than server-everything's package claims.
    [
      'a foreign mcpName',
      declarationOf('file', 'p.json', fixture('playwright-mcp')),
      stdio(installed('@modelcontextprotocol/server-everything')),
      ['foreign-mcp-name'],
    ],
    [
      'no mcpName in the named package',
      declarationOf('file', 'm.json', fixture('memory')),
      stdio({ name: '@modelcontextprotocol/server-memory', version: '1', mcpName: null }),
      ['missing-mcp-name'],
    ],
    [
      'a missing required variable',
      declarationOf('file', 'e.json', withEnv([{ name: 'GITHUB_TOKEN', isRequired: true, isSecret: true }])),
      stdio(null),
      ['declared-variable-missing'],
    ],
    [
      'a variable given but not declared',
      declarationOf('file', 'e.json', fixture('memory')),
      stdio(null, ['MEMORY_FILE_PATH']),
      ['undeclared-variable'],
    ],
    [
      'a secret not marked secret',
      declarationOf('file', 'e.json', withEnv([{ name: 'API_KEY' }])),
      stdio(null, ['API_KEY']),
      ['secret-not-marked'],
    ],
    [
      'a stdio-only server.json audited over a URL',
      declarationOf('file', 'f.json', fixture('filesystem')),
      hosted(),
      ['declared-transport-mismatch'],
    ],
    [
      'a remote declared over sse, spoken streamable-http',
      declarationOf('card', 'https://acme.example.com/mcp/server-card', {
        name: 'a/b',
        version: '1',
        remotes: [{ type: 'sse', url: 'https://acme.example.com/mcp' }],
      }),
      hosted(),
      ['declared-transport-mismatch'],
    ],
    [
      'a card tool the server does not list, and a listed tool the card omits',
      declarationOf('card', 'c', card(['search', 'fetch', 'ghost'])),
      hosted(),
      ['card-tool-unlisted', 'card-tool-omitted'],
    ],
    [
      'a card whose tools match',
      declarationOf('card', 'c', card([{ name: 'search' }, { name: 'fetch' }, { name: 'delete_all' }])),
      hosted(),
      [],
    ],
    [
      'a required header not sent',
      declarationOf('card', 'c', {
        name: 'a/b',
        version: '1',
        remotes: [
          {
            type: 'streamable-http',
            url: 'https://acme.example.com/mcp',
            headers: [{ name: 'Authorization', isRequired: true, isSecret: true }],
          },
        ],
      }),
      hosted(),
      ['declared-variable-missing'],
    ],
    [
      'the required header sent (names compare case-insensitively)',
      declarationOf('card', 'c', {
        name: 'a/b',
        version: '1',
        remotes: [
          {
            type: 'streamable-http',
            url: 'https://acme.example.com/mcp',
            headers: [{ name: 'Authorization', isRequired: true, isSecret: true }],
          },
        ],
      }),
      hosted({ passed: ['authorization'] }),
      [],
    ],
    [
      'an invalid server.json',
      declarationOf('file', 'x.json', { name: 'nope', version: '1' }),
      stdio(null),
      ['server-json-invalid'],
    ],
  ])('%s', (_label, declaration, audited, ids) => {
    expect(declaredSection([declaration], audited).findings.map((finding) => finding.id)).toEqual(ids);
  });
});

describe('URL templates', () => {
  it.each([
    ['https://{tenant}.example.com/mcp', 'https://acme.example.com/mcp', true],
    ['https://{tenant}.example.com/mcp', 'https://acme.example.com/mcp/', true],
    ['https://{tenant}.example.com/mcp', 'https://acme.evil.com/mcp', false],
    ['http://localhost:{PORT}/mcp', 'http://localhost:3001/mcp', true],
    ['https://example.com/mcp', 'https://example.com/sse', false],
  ])('%s ~ %s: %s', (template, url, expected) => {
    expect(urlMatchesTemplate(template, url)).toBe(expected);
  });
});
