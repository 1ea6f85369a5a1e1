// The dashboard's server entry, dist/serve.mjs (lib/server/dashboard/dashboard-main.ts), stays the
// small front that starts Next.js: no zod and no MCP SDK in it. The playground's shutdown hook once
// pulled its wire schemas (zod and lib/core's report schemas) in through registry.ts, and the entry
// went from 17 KB to 987 KB; the routes load that code in their own bundles when they run.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from './helpers';

const ENTRY_BUDGET_BYTES = 64 * 1024;

describe('dist/serve.mjs', () => {
  const entry = readFileSync(join(ROOT, 'dist/serve.mjs'), 'utf8');

  it('bundles neither zod nor the MCP SDK', () => {
    expect(entry).not.toMatch(/ZodError|\$ZodType/);
    expect(entry).not.toMatch(/@modelcontextprotocol|LATEST_PROTOCOL_VERSION/);
  });

  it(`is under ${ENTRY_BUDGET_BYTES / 1024} KiB`, () => {
    expect(Buffer.byteLength(entry)).toBeLessThan(ENTRY_BUDGET_BYTES);
  });
});
