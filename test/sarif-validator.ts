// The official SARIF 2.1.0 JSON Schema (vendored, see test/fixtures/sarif/SOURCE.md) compiled with
// ajv, free of any test runner so vitest (test/sarif-schema.ts) and Playwright (e2e) share it.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Ajv } from 'ajv';
import addFormats from 'ajv-formats';

const schema = JSON.parse(
  readFileSync(fileURLToPath(new URL('./fixtures/sarif/sarif-schema-2.1.0.json', import.meta.url)), 'utf8'),
) as Record<string, unknown>;
// ajv 8 has no draft-04 meta-schema: the schema's only draft-04-specific keyword is its root `id`.
const { id, $schema: _draft04, ...rest } = schema;
// The schema's language pattern is not valid with the u flag; ajv then compiles it as JavaScript always did.
const ajv = new Ajv({ strict: false, allErrors: true, unicodeRegExp: false });
addFormats(ajv);
export const validateSarif = ajv.compile({ ...rest, $id: String(id) });
