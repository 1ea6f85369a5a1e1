// `registry merge --decisions DIR` from a real run (a file of server.json lines, the fixture's package
// server as the npm runner): each output validated against the documented shape. Managed settings: the
// entry schema of code.claude.com/docs/en/managed-mcp and GitHub's enterprise-managed-settings reference
// (each entry exactly one of serverName, serverCommand, serverUrl), written here from those pages, as
// neither publishes a JSON schema; the VS Code/Copilot registry page: the registry's list shape with each
// server checked by the vendored server.json schema; OPA data: its JSON schema here, not OPA itself (no
// Debian package of OPA; the npm packages are clients of a running OPA or, @open-policy-agent/opa-wasm, of
// a policy compiled to wasm by the opa binary; building OPA 1.x needs a newer Go than Debian 12's 1.19);
// CycloneDX: the 1.6 schema vendored from npm (test/fixtures/registry/cyclonedx/).
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv } from 'ajv';
import addFormats from 'ajv-formats';
import { beforeAll, describe, expect, it } from 'vitest';
import { registryRecords } from './fixtures/registry-server.mjs';
import { runCli, tempDir } from './cli-run';
import { ROOT } from './helpers';

const RUNNER = `npm=${process.execPath} ${join(ROOT, 'test/fixtures/registry/package-server.mjs')}`;
const read = (file: string): unknown => JSON.parse(readFileSync(file, 'utf8'));

const MANAGED_ENTRY = {
  type: 'object',
  oneOf: [
    { required: ['serverName'], properties: { serverName: { type: 'string', minLength: 1 } } },
    {
      required: ['serverCommand'],
      properties: { serverCommand: { type: 'array', minItems: 1, items: { type: 'string' } } },
    },
    { required: ['serverUrl'], properties: { serverUrl: { type: 'string', pattern: '^https?://' } } },
  ],
  additionalProperties: false,
  properties: { serverName: {}, serverCommand: {}, serverUrl: {} },
};
const MANAGED_SETTINGS = {
  type: 'object',
  properties: {
    allowedMcpServers: { type: 'array', items: MANAGED_ENTRY },
    deniedMcpServers: { type: 'array', items: MANAGED_ENTRY },
  },
  required: ['allowedMcpServers', 'deniedMcpServers'],
};
const HINTS = ['readOnlyHint', 'destructiveHint', 'idempotentHint', 'openWorldHint'];
const OPA_DATA = {
  type: 'object',
  required: ['mcp_hintcheck'],
  properties: {
    mcp_hintcheck: {
      type: 'object',
      required: ['generatedAt', 'servers'],
      properties: {
        servers: {
          type: 'object',
          additionalProperties: {
            type: 'object',
            required: ['versions'],
            properties: {
              versions: {
                type: 'object',
                additionalProperties: {
                  type: 'object',
                  required: ['verdict', 'status', 'digest', 'counts', 'tools'],
                  properties: {
                    verdict: { enum: ['pass', 'review', 'fail', 'error'] },
                    digest: { type: ['string', 'null'], pattern: '^[0-9a-f]{64}$' },
                    tools: {
                      type: 'object',
                      additionalProperties: {
                        type: 'object',
                        required: [...HINTS, 'annotated'],
                        properties: Object.fromEntries(
                          [...HINTS, 'annotated'].map((hint) => [hint, { type: 'boolean' }]),
                        ),
                      },
                    },
                  },
                },
              },
            },
          },
        },
      },
    },
  },
};

function ajv(): Ajv {
  const instance = new Ajv({ strict: false, allErrors: true });
  addFormats(instance);
  return instance;
}

describe('registry merge --decisions', () => {
  let dir: string;
  beforeAll(async () => {
    dir = tempDir();
    const lines = registryRecords(1, 'http://127.0.0.1:9/mcp')
      .filter((record) => /pkg-0(0|1)\d|crash/.test(String(record.server.name)))
      .map((record) => JSON.stringify(record.server));
    writeFileSync(join(dir, 'entries.ndjson'), `${lines.join('\n')}\n`);
    const run = await runCli([
      'registry',
      join(dir, 'entries.ndjson'),
      '--run-file',
      join(dir, 'run.ndjson'),
      '--package-runner',
      RUNNER,
      '--timeout',
      '4000',
    ]);
    expect(run.code, run.stderr).toBe(3);
    const merged = await runCli([
      'registry',
      'merge',
      join(dir, 'run.ndjson'),
      '-o',
      join(dir, 'report.json'),
      '--decisions',
      join(dir, 'out'),
      '--sarif',
      join(dir, 'report.sarif'),
    ]);
    expect(merged.code, merged.stderr).toBe(0);
  }, 120_000);

  it('writes allow/deny lists in the managed-settings shape Claude Code and Copilot read', () => {
    const settings = read(join(dir, 'out/claude-code-managed-settings.json')) as {
      allowedMcpServers: { serverCommand: string[] }[];
      deniedMcpServers: { serverCommand: string[] }[];
    };
    const validate = ajv().compile(MANAGED_SETTINGS);
    expect(validate(settings), JSON.stringify(validate.errors)).toBe(true);
    expect(validate(read(join(dir, 'out/copilot-managed-settings.json')))).toBe(true);
    // pkg-007's unannotated delete tool is high: denied, by its exact pinned command.
    expect(settings.deniedMcpServers.map((entry) => entry.serverCommand.at(-1))).toContain('@fixture/pkg-007@1.0.0');
    expect(settings.allowedMcpServers.length).toBeGreaterThan(0);
    // The crashed server is in neither list.
    const all = [...settings.allowedMcpServers, ...settings.deniedMcpServers].map((entry) =>
      entry.serverCommand.at(-1),
    );
    expect(all).not.toContain('@fixture/crash@1.0.0');
    // The schema refuses an entry with two keys (it can fail).
    expect(validate({ allowedMcpServers: [{ serverName: 'a', serverUrl: 'https://x' }], deniedMcpServers: [] })).toBe(
      false,
    );
  });

  it('writes the allowed servers as a registry page whose servers the server.json schema accepts', () => {
    const page = read(join(dir, 'out/vscode-registry/v0.1/servers')) as {
      servers: { server: unknown }[];
      metadata: { count: number };
    };
    const validate = ajv().compile(
      read(join(ROOT, 'lib/core/server-json/vendor/server.schema.2025-12-11.json')) as object,
    );
    expect(page.servers.length).toBe(page.metadata.count);
    expect(page.servers.length).toBeGreaterThan(0);
    for (const { server } of page.servers) expect(validate(server), JSON.stringify(validate.errors)).toBe(true);
  });

  it('writes an OPA data document and an example policy', () => {
    const validate = ajv().compile(OPA_DATA);
    const data = read(join(dir, 'out/opa-data.json')) as {
      mcp_hintcheck: { servers: Record<string, { versions: Record<string, { verdict: string }> }> };
    };
    expect(validate(data), JSON.stringify(validate.errors)).toBe(true);
    expect(data.mcp_hintcheck.servers['io.github.fixture/pkg-007']?.versions['1.0.0']?.verdict).toBe('fail');
    expect(readFileSync(join(dir, 'out/policy.rego'), 'utf8')).toMatch(/^package mcp_hintcheck\.gateway$/m);
  });

  it('writes a CycloneDX 1.6 inventory the specification schema accepts', () => {
    const folder = join(ROOT, 'test/fixtures/registry/cyclonedx');
    const schema = (name: string): Record<string, unknown> => {
      const { $id: _id, ...rest } = read(join(folder, name)) as Record<string, unknown>;
      return rest;
    };
    const instance = ajv();
    instance.addFormat('iri-reference', true);
    instance.addSchema(schema('spdx.SNAPSHOT.schema.json'), 'http://cyclonedx.org/schema/spdx.SNAPSHOT.schema.json');
    instance.addSchema(
      schema('jsf-0.82.SNAPSHOT.schema.json'),
      'http://cyclonedx.org/schema/jsf-0.82.SNAPSHOT.schema.json',
    );
    const validate = instance.compile({
      ...schema('bom-1.6.SNAPSHOT.schema.json'),
      $id: 'http://cyclonedx.org/schema/bom-1.6.schema.json',
    });
    const bom = read(join(dir, 'out/cyclonedx.json')) as { components: { purl?: string }[]; services: unknown[] };
    expect(validate(bom), JSON.stringify(validate.errors?.slice(0, 3))).toBe(true);
    expect(bom.components.some((component) => component.purl === 'pkg:npm/%40fixture/pkg-007@1.0.0')).toBe(true);
    expect(bom.services.length).toBeGreaterThan(0);
    expect(validate({ ...bom, specVersion: 1.6 })).toBe(false);
  });

  it('writes SARIF 2.1.0 with a result per finding and per server not audited whole', () => {
    const sarif = read(join(dir, 'report.sarif')) as { version: string; runs: { results: { ruleId: string }[] }[] };
    expect(sarif.version).toBe('2.1.0');
    const ids = sarif.runs[0]?.results.map((result) => result.ruleId) ?? [];
    expect(ids).toContain('registry-not-audited');
    expect(ids).toContain('unannotated');
  });
});
