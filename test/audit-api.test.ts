import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { auditEventSchema, type AuditEvent } from '../lib/core/api/audit-request';
import { problemSchema } from '../lib/core/problem-schema';
import { problemStatus } from '../lib/core/problems';
import { DEMO_SERVER, RAW_FIXTURE, readPids, waitGone } from './helpers';
import { MAX_CONCURRENT_WORK, runningWork } from '../lib/server/audit/concurrency';
import { handleAuditRequest } from '../lib/server/http/audit-api';

function post(body: unknown, init: { signal?: AbortSignal; type?: string } = {}): Request {
  return new Request('http://127.0.0.1:3100/api/audit', {
    method: 'POST',
    headers: { 'content-type': init.type ?? 'application/json' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
    ...(init.signal === undefined ? {} : { signal: init.signal }),
  });
}

async function events(response: Response): Promise<AuditEvent[]> {
  const text = await response.text();
  return text
    .trimEnd()
    .split('\n')
    .map((line) => auditEventSchema.parse(JSON.parse(line)));
}

const problemBodySchema = z.strictObject({ error: problemSchema });

describe('POST /api/audit', () => {
  it.each([
    [post('{}', { type: 'text/plain' }), 415, 'unsupported-media-type', 'Send the target as JSON'],
    [post('{not json'), 400, 'bad-input', 'not valid JSON'],
    [post({ transport: 'stdio', command: '' }), 400, 'bad-input', 'command: the command is empty'],
    [
      post({ transport: 'stdio', command: 'x', env: { 'BAD-NAME': 'v' } }),
      400,
      'bad-input',
      'environment variable names',
    ],
    [post({ transport: 'auto', url: 'file:///etc/passwd' }), 400, 'bad-input', 'url'],
    [post({ transport: 'ftp', url: 'x' }), 400, 'bad-input', 'transport'],
    [post({ transport: 'stdio', command: 'x', extra: 1 }), 400, 'bad-input', 'extra'],
  ])('refuses bad input with a clear message (%#)', async (request, status, code, message) => {
    const response = await handleAuditRequest(request);
    expect(response.status).toBe(status);
    const body = problemBodySchema.parse(await response.json());
    expect(body.error.code).toBe(code);
    expect(problemStatus(body.error.code)).toBe(status);
    expect(body.error.message).toContain(message);
    expect(body.error.message).not.toMatch(/at .*\.ts:\d+/);
  });

  it('streams progress and then the report', async () => {
    const response = await handleAuditRequest(
      post({ transport: 'stdio', command: process.execPath, args: [DEMO_SERVER] }),
    );
    expect(response.headers.get('content-type')).toContain('application/x-ndjson');
    const all = await events(response);
    expect(all.map((e) => (e.type === 'progress' ? e.step : e.type))).toEqual([
      'accepted',
      'starting',
      'spawned',
      'initialized',
      'page',
      'page',
      'stopped',
      'report',
    ]);
    expect(all.find((e) => e.type === 'progress' && e.step === 'stopped')).toMatchObject({ confirmed: true });
    const last = all.at(-1);
    expect(last?.type === 'report' && last.report.summary.tools).toBe(16);
  });

  it('passes env values for this audit only and never echoes them', async () => {
    const all = await events(
      await handleAuditRequest(
        post({
          transport: 'stdio',
          command: process.execPath,
          args: [RAW_FIXTURE, 'env-dump'],
          env: { TYPED_SECRET: 'typed-value-4242' },
        }),
      ),
    );
    const last = all.at(-1);
    expect(last?.type).toBe('report');
    expect(JSON.stringify(all)).not.toContain('typed-value-4242');
    expect(last?.type === 'report' && last.report.target).toMatchObject({ envNames: ['TYPED_SECRET'] });
  });

  it('cancels the audit and kills the server when the request closes', async () => {
    const pidFile = join(mkdtempSync(join(tmpdir(), 'hintcheck-')), 'pids');
    const client = new AbortController();
    const response = await handleAuditRequest(
      post(
        {
          transport: 'stdio',
          command: process.execPath,
          args: [RAW_FIXTURE, 'grandchildren-hang'],
          env: { FIXTURE_PID_FILE: pidFile },
          // On the host: the fixture writes its PIDs to a host file, which a sandboxed server cannot.
          sandbox: false,
        },
        { signal: client.signal },
      ),
    );
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    let seen = '';
    while (!seen.includes('"initialized"')) {
      const { value, done } = await reader.read();
      if (done) break;
      seen += new TextDecoder().decode(value);
    }
    client.abort();
    await reader.cancel();
    expect(await waitGone(readPids(pidFile))).toEqual([]);
    for (let i = 0; i < 50 && runningWork() > 0; i++) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(runningWork()).toBe(0);
  });

  it(`answers 429 past ${MAX_CONCURRENT_WORK} audits at once`, async () => {
    const clients = Array.from({ length: MAX_CONCURRENT_WORK }, () => new AbortController());
    const responses = await Promise.all(
      clients.map((client) =>
        handleAuditRequest(
          post(
            { transport: 'stdio', command: process.execPath, args: [RAW_FIXTURE, 'hang-list'], timeoutMs: 5000 },
            { signal: client.signal },
          ),
        ),
      ),
    );
    const extra = await handleAuditRequest(
      post({ transport: 'stdio', command: process.execPath, args: [RAW_FIXTURE, 'basic'] }),
    );
    expect(extra.status).toBe(429);
    for (const client of clients) client.abort();
    await Promise.all(responses.map((response) => response.body?.cancel() ?? Promise.resolve()));
    for (let i = 0; i < 100 && runningWork() > 0; i++) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(runningWork()).toBe(0);
  });
});
