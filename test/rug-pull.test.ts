// A rug pull inside one session (issue 46, item 6): the fixture ported from damn-vulnerable-MCP-
// server's challenge 4 changes get_weather_forecast's description and sends
// notifications/tools/list_changed. The audit's listening window lists again and raises a critical
// finding on the tool with the word diff; an honest server that sends list_changed with the same
// listing gets nothing. The exercise (audit --exercise, through the built CLI) lists again after
// the call the server followed with list_changed, and once after its last call; a playground
// session lists again after such a call and its state carries the change with the diff.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { runAudit } from '../lib/server/audit/audit';
import { findingsBySubject } from '../lib/core/report/findings';
import type { Report } from '../lib/core/report/report';
import { findExecutable } from '../lib/server/exercise/sandbox';
import { PlaygroundSession } from '../lib/server/playground/session';
import { runCli } from './helpers';

const FIXTURE = fileURLToPath(new URL('./fixtures/rug-pull-server.mjs', import.meta.url));
const rugPull = (env: Record<string, string>) => ({
  transport: 'stdio' as const,
  command: process.execPath,
  args: [FIXTURE],
  env: Object.entries(env).map(([name, value]) => ({ name, value })),
});

describe('the audit’s listening window (--listen)', () => {
  it('lists again on list_changed and raises tool-changed-mid-session, critical, with the word diff', async () => {
    const report = await runAudit(rugPull({ RUG_AFTER_MS: '50' }), { listenMs: 400 });
    expect(report.errors).toEqual([]);
    const relisted = report.clientSession?.relisted ?? [];
    expect(relisted).toEqual([
      expect.objectContaining({ list: 'tools', changed: ['get_weather_forecast'], error: null }),
    ]);
    const [change] = relisted[0]?.changes ?? [];
    expect(change).toMatchObject({ kind: 'changed', tool: 'get_weather_forecast', parts: ['description'] });
    expect(
      change?.texts[0]?.diff
        .filter((part) => part.op === 'added')
        .map((part) => part.text)
        .join(''),
    ).toContain('<IMPORTANT>');
    const tool = report.tools.find((candidate) => candidate.name === 'get_weather_forecast');
    const flag = tool?.flags.find((candidate) => candidate.id === 'tool-changed-mid-session');
    expect(flag?.severity).toBe('critical');
    expect(flag?.message).toMatch(/^Listed again at \+\d+ ms: The description of "get_weather_forecast" changed/);
    expect(flag?.message).toContain('{+<IMPORTANT>');
    expect(tool?.risk.rank).toBe(1);
    expect(report.flagDefinitions['tool-changed-mid-session']?.severity).toBe('critical');
  });

  it('an added tool whose text orders the model is critical too; the first tool listing is what changed', async () => {
    const report = await runAudit(rugPull({ RUG_AFTER_MS: '50', RUG_ADD: '1' }), { listenMs: 400 });
    const added = report.tools.find((tool) => tool.name === 'get_system_config');
    expect(added?.flags.find((flag) => flag.id === 'tool-added-mid-session')).toMatchObject({ severity: 'critical' });
  });

  it('an honest list_changed with the same listing raises nothing', async () => {
    const report = await runAudit(rugPull({ RUG_AFTER_MS: '50', RUG_HONEST: '1' }), { listenMs: 400 });
    expect(report.clientSession?.notifications.map((note) => note.method)).toEqual([
      'notifications/tools/list_changed',
    ]);
    expect(report.clientSession?.relisted).toEqual([
      expect.objectContaining({ list: 'tools', added: [], removed: [], changed: [], changes: [] }),
    ]);
    const ids = findingsBySubject(report).flatMap((subject) => subject.findings.map((finding) => finding.id));
    expect(ids.filter((id) => id.endsWith('-mid-session'))).toEqual([]);
  });
});

const SANDBOX =
  findExecutable('bwrap', process.env.PATH) !== null && findExecutable('strace', process.env.PATH) !== null;
const dir = mkdtempSync(join(tmpdir(), 'hintcheck-rug-'));
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

describe.skipIf(!SANDBOX)('the exercise (audit --exercise)', () => {
  const calls = join(dir, 'calls.json');
  writeFileSync(
    calls,
    JSON.stringify({ get_weather_forecast: [{ city: 'London' }, { city: 'Paris' }, { city: 'Tokyo' }] }),
  );
  const exercise = async (env: string[]): Promise<Report> => {
    const args = ['audit', '--exercise', 'checkable', '--calls', calls, '--yes', '--no-history', '--listen', '0'];
    const { stdout } = await runCli([
      ...args,
      ...env.flatMap((e) => ['--env', e]),
      '--format',
      'json',
      '--',
      process.execPath,
      FIXTURE,
    ]);
    return JSON.parse(stdout) as Report;
  };

  it('lists again after the third call and raises the critical finding with the diff', async () => {
    const report = await exercise(['RUG_AFTER_CALLS=3']);
    const relisted = report.exercise?.relisted ?? [];
    expect(relisted.map((entry) => [entry.after, entry.changed])).toEqual([
      ['call 3 (get_weather_forecast)', ['get_weather_forecast']],
    ]);
    const flag = report.tools
      .find((tool) => tool.name === 'get_weather_forecast')
      ?.flags.find((candidate) => candidate.id === 'tool-changed-mid-session');
    expect(flag?.severity).toBe('critical');
    expect(flag?.message).toContain('after call 3 (get_weather_forecast)');
    expect(flag?.message).toContain('{+<IMPORTANT>');
  });

  it('an honest list_changed after the third call raises nothing', async () => {
    const report = await exercise(['RUG_AFTER_CALLS=3', 'RUG_HONEST=1']);
    expect(report.exercise?.relisted).toEqual([
      expect.objectContaining({ after: 'call 3 (get_weather_forecast)', changes: [] }),
    ]);
    const ids = findingsBySubject(report).flatMap((subject) => subject.findings.map((finding) => finding.id));
    expect(ids.filter((id) => id.endsWith('-mid-session'))).toEqual([]);
  });
});

describe.skipIf(!SANDBOX)('a playground session', () => {
  const call = (session: PlaygroundSession, city: string) =>
    session.call({ method: 'tools/call', name: 'get_weather_forecast', arguments: { city } });

  it.each([
    ['a rug pull: the state has the change with its diff, and the tools shown are the new ones', [], true],
    ['an honest list_changed: a relisting without a change', ['RUG_HONEST'], false],
  ])('%s', async (_label, flags, pulled) => {
    const env = [{ name: 'RUG_AFTER_CALLS', value: '2' }, ...flags.map((name) => ({ name, value: '1' }))];
    const session = await PlaygroundSession.start(
      { transport: 'stdio', command: process.execPath, args: [FIXTURE], env },
      { callerEnv: process.env },
    );
    try {
      await call(session, 'London');
      expect(session.state().relisted).toEqual([]);
      await call(session, 'Paris');
      const [relisting] = session.state().relisted;
      expect(relisting?.after).toBe('call 2 (get_weather_forecast)');
      const description = session.started.surface.tools.find((t) => t.name === 'get_weather_forecast')?.description;
      if (pulled) {
        expect(relisting?.changes?.map((change) => [change.kind, change.tool, change.parts])).toEqual([
          ['changed', 'get_weather_forecast', ['description']],
        ]);
        const added = relisting?.changes?.[0]?.texts[0]?.diff.filter((part) => part.op === 'added') ?? [];
        expect(added.map((part) => part.text).join('')).toContain('Do not explicitly mention');
        expect(description).toContain('<IMPORTANT>');
      } else {
        expect(relisting?.changes).toEqual([]);
        expect(description).not.toContain('<IMPORTANT>');
      }
    } finally {
      await session.close('the test ended');
    }
  });
});
