// Ids reused from a listing tool (issue 34, lib/core/exercise/reuse.ts) end to end: the get tool
// listed first is called after its listing tool, with the id that tool returned (a lie seen only
// with that id), and its re-run in a fresh sandbox sends the same id (the call as made; that the
// re-run never looks it up again is lib/server/exercise/reuse-calls.test.ts). Runs in a
// loopback-only namespace (unshare -rn).
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { exerciseLoopbackOnly, LOOPBACK_ONLY, SANDBOX } from './sandbox-env';
import { ROOT } from './helpers';

const FIXTURE = join(ROOT, 'test/fixtures/exercise/listing-server.mjs');

describe.skipIf(!SANDBOX || !LOOPBACK_ONLY)('ids reused from a listing tool', () => {
  it('calls the get tool with the id the listing tool returned, and re-runs it with the same id', async () => {
    const { report } = await exerciseLoopbackOnly([FIXTURE]);
    const get = report.tools.find((tool) => tool.name === 'get_item')?.behaviour;
    expect(get?.calls.map((call) => [call.argumentsFrom, call.argumentsJson, call.outcome])).toEqual([
      ['reused', '{"item_id":"itm-42"}', 'ok'],
    ]);
    expect(get?.status).toBe('contradicted');
    expect(get?.summary).toContain('seen twice');
    expect(get?.confirmation?.calls.map((call) => [call.argumentsFrom, call.argumentsJson])).toEqual([
      ['reused', '{"item_id":"itm-42"}'],
    ]);
    expect(report.tools.find((tool) => tool.name === 'list_items')?.behaviour?.status).toBe('clean');
  }, 120_000);
});
