// The contract's JSON Schema in docs/ is current, accepts what `contract write` produces, and the
// pure SHA-256 in lib/core agrees with node:crypto.
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { buildContract } from '../lib/core/contract/build';
import { contractJsonSchema } from '../lib/core/contract/json-schema';
import { CONTRACT_SCHEMA_PATH } from '../lib/core/contract/schema';
import { sha256Hex } from '../lib/core/contract/sha256';
import { runAudit } from '../lib/server/audit/audit';
import { ROOT } from './helpers';

const EVERYTHING = join(ROOT, 'node_modules/@modelcontextprotocol/server-everything/dist/index.js');

describe('the contract JSON Schema', () => {
  const file = join(ROOT, CONTRACT_SCHEMA_PATH);
  const text = `${JSON.stringify(contractJsonSchema(), null, 2)}\n`;

  it(`${CONTRACT_SCHEMA_PATH} is generated from the zod schema (UPDATE_SCHEMAS=1 rewrites it; then prettier --write)`, () => {
    if (process.env.UPDATE_SCHEMAS === '1') writeFileSync(file, text);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual(JSON.parse(text));
  });

  it('accepts the contract of a published server (server-everything) and refuses a broken one', async () => {
    const report = await runAudit({
      transport: 'stdio',
      command: process.execPath,
      args: [EVERYTHING, 'stdio'],
      env: [],
    });
    expect(report.errors).toEqual([]);
    const contract = buildContract(report, new Date().toISOString());
    expect(contract.tools.length).toBeGreaterThan(5);
    expect(contract.prompts?.items.length).toBeGreaterThan(0);
    expect(contract.resources?.items.length).toBeGreaterThan(0);
    const validate = new Ajv2020({ strict: false }).compile(JSON.parse(readFileSync(file, 'utf8')) as object);
    expect(validate(JSON.parse(JSON.stringify(contract)))).toBe(true);
    expect(validate({ ...contract, counts: { ...contract.counts, tools: -1 } })).toBe(false);
    expect(validate({ ...contract, prompts: { declared: true, items: [] } })).toBe(false);
    // A version 1 contract (tools only, pre-release builds) is not valid, nor one without prompts and resources.
    const { prompts: _p, resources: _r, resourceTemplates: _t, ...tools } = contract;
    expect(validate(JSON.parse(JSON.stringify({ ...tools, contractVersion: 1 })))).toBe(false);
    expect(validate(JSON.parse(JSON.stringify({ ...tools, contractVersion: 2 })))).toBe(false);
  });
});

describe('sha256Hex against node:crypto', () => {
  it.each(['', 'a', '€😀\u0000', 'x'.repeat(1000), JSON.stringify({ a: [1, 2, { b: 'ü' }] })])('%#', (text) => {
    expect(sha256Hex(text)).toBe(createHash('sha256').update(text, 'utf8').digest('hex'));
  });
});
