// See every request (issue 47, item 2): a server whose closed-world tools share one keep-alive HTTP
// agent (test/fixtures/exercise/keepalive-server.mjs). The loopback listener closes each connection
// after one answer, so the second and third requests of fetch_three, and fetch_one's request after
// it (which would have reused the open socket), each make a connect the trace sees, each carrying the
// request it sent. And a failed name lookup names the host asked for (item 5): the sandbox's resolver
// is its own loopback, so the query is sent and traced. Built CLI, loopback-only namespace, as root
// and as uid 65534.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { exerciseLoopbackOnly, LOOPBACK_ONLY, SANDBOX, USERS } from './sandbox-env';
import { ROOT } from './helpers';

const FIXTURE = join(ROOT, 'test/fixtures/exercise/keepalive-server.mjs');

describe.skipIf(!SANDBOX || !LOOPBACK_ONLY).each(USERS)('a keep-alive client in the sandbox, as $who', ({ prefix }) => {
  it('every request of every call is seen and given to its call', async () => {
    const { report } = await exerciseLoopbackOnly([FIXTURE], { as: prefix, cwd: ROOT });
    const behaviour = (name: string) => report.tools.find((tool) => tool.name === name)?.behaviour;
    const sent = (name: string) =>
      (behaviour(name)?.calls[0]?.effects ?? [])
        .filter((effect) => effect.kind === 'connect' && effect.target === '127.0.0.1:47113')
        .map((effect) => effect.sent);

    expect(sent('fetch_three')).toEqual([
      'GET /hintcheck/three-1, 0 bytes',
      'GET /hintcheck/three-2, 0 bytes',
      'GET /hintcheck/three-3, 0 bytes',
    ]);
    expect(sent('fetch_one')).toEqual(['GET /hintcheck/one, 0 bytes']);
    for (const name of ['fetch_three', 'fetch_one']) {
      expect(behaviour(name)?.status, behaviour(name)?.summary).toBe('contradicted');
      expect(behaviour(name)?.summary).toContain('seen twice');
    }
    const lookup = behaviour('lookup_host');
    expect(lookup?.status, lookup?.summary).toBe('contradicted');
    expect(lookup?.summary).toContain('looked up api.vendor.example');
    expect(behaviour('echo_text')?.status).toBe('clean');
  }, 120_000);
});
