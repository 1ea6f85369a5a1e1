// POST /api/exercise (issue 23) with plain Request objects: consent is the list of tools the dialog
// named (a plan that would call any other is refused before anything is called), one event per call,
// then the exercised Report, audited with the capabilities the dashboard's audit declared. Runs
// @modelcontextprotocol/server-filesystem and server-everything (no network use).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { exerciseEventSchema, type ExerciseEvent } from '../lib/core/api/exercise-request';
import { planExercise } from '../lib/core/exercise/select';
import { runAudit } from '../lib/server/audit/audit';
import { handleExerciseRequest } from '../lib/server/http/exercise-api';
import { findExecutable } from '../lib/server/exercise/sandbox';
import { closeDashboardHistory } from '../lib/server/history/dashboard-history';
import { ROOT } from './helpers';

const SCRATCH = mkdtempSync(join(tmpdir(), 'hintcheck-exercise-api-'));
process.env.HINTCHECK_DB = join(SCRATCH, 'history.db');
afterAll(() => {
  closeDashboardHistory();
  rmSync(SCRATCH, { recursive: true, force: true });
});
const FILESYSTEM = join(ROOT, 'node_modules/@modelcontextprotocol/server-filesystem/dist/index.js');
const EVERYTHING = join(ROOT, 'node_modules/@modelcontextprotocol/server-everything/dist/index.js');
const SANDBOX =
  findExecutable('bwrap', process.env.PATH) !== null && findExecutable('strace', process.env.PATH) !== null;
const target = { transport: 'stdio', command: process.execPath, args: [FILESYSTEM, '.'] };

function post(body: unknown): Request {
  return new Request('http://127.0.0.1:3100/api/exercise', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

async function events(response: Response): Promise<ExerciseEvent[]> {
  return (await response.text())
    .trimEnd()
    .split('\n')
    .map((line) => exerciseEventSchema.parse(JSON.parse(line)));
}

describe.skipIf(!SANDBOX)('POST /api/exercise', () => {
  it('calls the confirmed tools, one event per call, then the exercised report', async () => {
    const names = [
      'read_file',
      'read_text_file',
      'read_media_file',
      'read_multiple_files',
      'write_file',
      'edit_file',
      'create_directory',
      'list_directory',
      'list_directory_with_sizes',
      'directory_tree',
      'move_file',
      'search_files',
      'get_file_info',
      'list_allowed_directories',
    ];
    const response = await handleExerciseRequest(post({ target, confirmedTools: names }));
    expect(response.status).toBe(200);
    const all = await events(response);
    const last = all.at(-1);
    if (last?.type !== 'report') throw new Error(JSON.stringify(last));
    const done = all.filter((event) => event.type === 'call' && event.outcome !== undefined);
    expect(done.length).toBe(last.report.exercise?.calls);
    const planned = planExercise(last.report.tools, 'checkable').tools.map((tool) => tool.name);
    expect(planned.every((name) => names.includes(name))).toBe(true);
    expect(last.report.tools.find((tool) => tool.name === 'list_directory')?.behaviour?.status).toBe('clean');
  }, 120_000);

  it('audits with the capabilities of the dashboard audit (none), so the confirmed plan is the one called', async () => {
    const everything = { transport: 'stdio' as const, command: process.execPath, args: [EVERYTHING, 'stdio'] };
    const listed = await runAudit({ ...everything, env: [] }, { capabilities: { mode: 'none' } });
    const names = listed.tools.map((tool) => tool.name);
    expect(names.length).toBe(13);
    const response = await handleExerciseRequest(
      post({
        target: { ...everything, env: {}, capabilities: 'none' },
        confirmedTools: names,
        calls: { 'trigger-long-running-operation': [{ duration: 0.2, steps: 1 }] },
      }),
    );
    const last = (await events(response)).at(-1);
    if (last?.type !== 'report') throw new Error(JSON.stringify(last));
    expect(last.report.tools.length).toBe(13);
    expect(last.report.exercise?.client?.declared).toEqual({});
  }, 120_000);

  it('refuses, calling nothing, when the plan holds a tool the user did not confirm', async () => {
    const response = await handleExerciseRequest(post({ target, confirmedTools: ['read_file'] }));
    const all = await events(response);
    expect(all.filter((event) => event.type === 'call')).toEqual([]);
    const last = all.at(-1);
    expect(last?.type).toBe('error');
    if (last?.type === 'error') expect(last.error.message).toMatch(/did not confirm .*write_file.*nothing was called/);
  }, 60_000);
});

describe('POST /api/exercise: bad requests', () => {
  it.each([
    [{ target: { transport: 'auto', url: 'http://127.0.0.1:9/mcp' }, confirmedTools: [] }, /target/],
    [{ target, mode: 'everything', confirmedTools: [] }, /mode/],
    [{ target }, /confirmedTools/],
  ])('%# answers 400', async (body, message) => {
    const response = await handleExerciseRequest(post(body));
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: { message: string } }).error.message).toMatch(message);
  });
});
