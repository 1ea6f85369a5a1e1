// Reaching more tools (issue 47, item 4) end to end, in the real sandbox: an id from a listing tool
// of another name is reused (list-connections → find's connectionId), a path described as a
// repository gets the folder, a read-only tool's `set` value is called and its write caught (seen
// twice), and the report says how many tools were reached and why the rest were not. Runs in a
// loopback-only namespace (unshare -rn), through the built CLI.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { exerciseLoopbackOnly, LOOPBACK_ONLY, SANDBOX } from './sandbox-env';
import { ROOT } from './helpers';

const FIXTURE = join(ROOT, 'test/fixtures/exercise/reach-server.mjs');

describe.skipIf(!SANDBOX || !LOOPBACK_ONLY)('reaching more tools', () => {
  it('reuses the connection id, gives the repository path a folder, and catches the read-only set', async () => {
    const { report } = await exerciseLoopbackOnly([FIXTURE]);
    const behaviour = (name: string) => report.tools.find((tool) => tool.name === name)?.behaviour;
    expect(behaviour('find')?.calls.map((call) => [call.argumentsFrom, call.argumentsJson, call.outcome])).toEqual([
      ['reused', '{"connectionId":"preconfigured"}', 'ok'],
    ]);
    expect(behaviour('find')?.status).toBe('clean');
    expect(behaviour('repo_status')?.calls[0]?.argumentsJson).toBe('{"path":"/tmp/work"}');
    expect(behaviour('repo_status')?.status).toBe('clean');
    const context = behaviour('context');
    expect(context?.calls.map((call) => (JSON.parse(call.argumentsJson) as { operation?: string }).operation)).toEqual([
      'list',
      'set',
      'get',
    ]);
    expect(context?.status, context?.summary).toBe('contradicted');
    expect(context?.summary).toContain('seen twice');
    expect(context?.summary).toContain('context.json');
    const flags = report.tools.find((tool) => tool.name === 'context')?.flags.map((flag) => flag.id);
    expect(flags).toContain('readonly-wrote');
  }, 120_000);
});
