import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { serversEventSchema, type ServersEvent } from '../../core/session/servers-stream';
import { NODE, RAW, writeText } from '../../../test/config-fixtures';
import type { DiscoveryPlace } from '../config/config-discovery';
import { handleServersAudit, handleServersList } from './servers-api';

const home = mkdtempSync(join(tmpdir(), 'hintcheck-servers-api-'));
afterAll(() => {
  rmSync(home, { recursive: true, force: true });
});
const CANARY = 'api-canary-0c9e1f3b7a';
writeText(
  join(home, '.cursor/mcp.json'),
  JSON.stringify({
    mcpServers: {
      dump: { command: NODE, args: [RAW, 'env-dump'], env: { SECRET: '${env:API_CANARY}', ASKED: '${env:NOT_SET}' } },
      basic: { command: NODE, args: [RAW, 'basic'] },
    },
  }),
);
const place: DiscoveryPlace = {
  platform: 'linux',
  home,
  projectDir: null,
  env: { HOME: home, PATH: process.env.PATH ?? '', API_CANARY: CANARY },
};

async function listIds(): Promise<Record<string, string>> {
  const body = (await (await handleServersList(place)).json()) as { servers: { id: string; name: string }[] };
  return Object.fromEntries(body.servers.map((server) => [server.name, server.id]));
}

function post(body: unknown): Request {
  return new Request('http://127.0.0.1/api/servers/audit', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
}

async function events(response: Response): Promise<ServersEvent[]> {
  const text = await response.text();
  return text
    .split('\n')
    .filter(Boolean)
    .map((line) => serversEventSchema.parse(JSON.parse(line)));
}

describe('the servers API', () => {
  it('lists servers with names and needs, never values', async () => {
    const response = await handleServersList(place);
    const text = await response.text();
    expect(text).not.toContain(CANARY);
    expect(text).toContain('"envNames":["SECRET","ASKED"]');
    expect(text).toContain('env:NOT_SET');
  });

  it('audits the chosen servers with a supplied value, streams progress and the session, echoes nothing', async () => {
    const ids = await listIds();
    const supplied = 'supplied-value-4471aa';
    const response = await handleServersAudit(
      post({ ids: [ids.dump, ids.basic], values: { 'env:NOT_SET': supplied } }),
      place,
    );
    expect(response.status).toBe(200);
    const all = await events(response);
    const text = JSON.stringify(all);
    expect(all.flatMap((e) => (e.type === 'result' ? [e.result.status] : []))).toEqual(['ok', 'ok']);
    expect(all.some((e) => e.type === 'progress')).toBe(true);
    expect(all.at(-1)?.type).toBe('session');
    expect(text).not.toContain(CANARY);
    expect(text).not.toContain(supplied);
  }, 30_000);

  it('refuses ids that are not in the files, without starting anything', async () => {
    const response = await handleServersAudit(
      post({ ids: ['cursor:/etc/passwd:1:x'], values: { 'env:X': 'never-echoed-value' } }),
      place,
    );
    expect(response.status).toBe(400);
    const text = await response.text();
    expect(text).toContain('no longer in the configuration files');
    expect(text).not.toContain('never-echoed-value');
  });

  it.each([
    [{}, 'ids'],
    [{ ids: [] }, 'choose at least one server'],
    [{ ids: ['a'], concurrency: 99 }, 'concurrency'],
  ])('answers 400 for %j', async (body, message) => {
    const response = await handleServersAudit(post(body), place);
    expect(response.status).toBe(400);
    expect(await response.text()).toContain(message);
  });
});
