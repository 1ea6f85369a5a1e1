// Issue 14: a named secret echoed by a hostile server, straddling every cut the audit makes (stdout
// noise, the stderr tail, an error message, the "server exited" message, an HTTP error body) and in
// every encoding a server is likely to use, leaves no 12-character fragment in any CLI format
// (text, json, csv) or in the dashboard API's NDJSON answer.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { reportToCsv } from '../lib/core/csv/tools';
import { renderText } from '../lib/cli/print/print-text';
import { ansiStyle } from '../lib/cli/print/terminal';
import { runAudit } from '../lib/server/audit/audit';
import { handleAuditRequest } from '../lib/server/http/audit-api';
import { encodings, startEchoHttp } from './fixtures/echo-secret-server.mjs';
import { CLI, ROOT } from './helpers';

const FIXTURE = fileURLToPath(new URL('./fixtures/echo-secret-server.mjs', import.meta.url));
/** 45 characters, with a quote, a backslash and URL-reserved characters. */
const SECRET = 'sk_live_"Qx7\\pL9mZ2vR8tK4wN6yB3cD5fG1h&J0+a=S';
const PEM = [
  '-----BEGIN PRIVATE KEY-----',
  'MIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQC7',
  'pMxr9k2bJf7Q2n0T1b6xJ2hQk9ZlO0mYy3yK7dXr2s5W1cVx8aBd',
  '-----END PRIVATE KEY-----',
].join('\n');
/** 40 characters: the bearer token an HTTP server echoes in a 403 body. */
const TOKEN = 'tok_9Hq2Lm7Xv4Rc8Tn1Bz6Kw3Ys5Pd0Gf2Ja7Ue4';
const FRAGMENT = 12;

/** Every 12-character piece of every spelling of every secret. */
function fragments(): string[] {
  const pieces = new Set<string>();
  const spellings = [SECRET, PEM, TOKEN, ...PEM.split('\n')].flatMap((s) => Object.values(encodings(s)));
  for (const spelling of spellings) {
    for (let i = 0; i + FRAGMENT <= spelling.length; i++) pieces.add(spelling.slice(i, i + FRAGMENT));
  }
  return [...pieces];
}
const PIECES = fragments();

function leaks(output: string): string[] {
  return PIECES.filter((piece) => output.includes(piece));
}

const env = [
  { name: 'ECHO_SECRET', value: SECRET },
  { name: 'ECHO_PEM', value: PEM },
];
const stdioTarget = (mode: string, k: number) => ({
  transport: 'stdio' as const,
  command: process.execPath,
  args: [FIXTURE, mode, String(k)],
  env,
});
const CUTS = Array.from({ length: SECRET.length - 1 }, (_, i) => i + 1);
const MODES = ['list', 'error', 'exit'] as const;

/** Runs `work` over `items`, `width` at a time. */
async function inBatches<T>(items: readonly T[], width: number, work: (item: T) => Promise<void>): Promise<void> {
  for (let i = 0; i < items.length; i += width) await Promise.all(items.slice(i, i + width).map(work));
}

function runCli(args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CLI, ...args], {
      cwd: ROOT,
      env: { PATH: process.env.PATH ?? '' } as unknown as NodeJS.ProcessEnv,
    });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.on('error', reject);
    child.on('close', () => {
      resolve(out);
    });
  });
}

describe('a secret echoed across every cut and in every encoding never survives (issue 14)', () => {
  it('the fixture really echoes the secrets, across the cuts and encoded (so the checks below can fail)', async () => {
    const raw = await new Promise<string>((resolve, reject) => {
      const child = spawn(process.execPath, [FIXTURE, 'list', '20'], {
        env: { ECHO_SECRET: SECRET, ECHO_PEM: PEM } as unknown as NodeJS.ProcessEnv,
      });
      let out = '';
      child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
      child.on('error', reject);
      child.on('close', () => {
        resolve(out);
      });
      child.stdin.end(
        `${JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: {} })}\n${JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/list' })}\n`,
      );
    });
    expect(raw).toContain(SECRET);
    expect(raw).toContain(encodeURIComponent(SECRET));
    expect(raw).toContain(PEM.replace(/\s+/g, ''));
    expect(leaks(raw).length).toBeGreaterThan(PIECES.length / 2);
    const report = await runAudit(stdioTarget('list', 20), { callerEnv: {} });
    expect(JSON.stringify(report).split('«redacted»').length).toBeGreaterThan(30);
    expect(report.process?.stderrTail.startsWith('…«redacted»')).toBe(true);
  });

  it.each(MODES)(
    'mode %s: at every cut position, the report, its text and its CSV hold no 12-character fragment',
    async (mode) => {
      const found: string[] = [];
      await inBatches(CUTS, 4, async (k) => {
        const report = await runAudit(stdioTarget(mode, k), { callerEnv: {} });
        const outputs = [JSON.stringify(report), renderText(report, ansiStyle(false)), reportToCsv(report)];
        for (const output of outputs) found.push(...leaks(output).map((piece) => `k=${k}: ${piece}`));
        if (mode === 'list') expect(report.tools.length).toBeGreaterThan(20);
        else expect(report.errors.length).toBe(1);
      });
      expect(found).toEqual([]);
    },
  );

  it('the CLI prints no fragment in text, json or csv', async () => {
    const found: string[] = [];
    const runs = MODES.flatMap((mode) =>
      [1, 23, 44].flatMap((k) => ['text', 'json', 'csv'].map((format) => ({ mode, k, format }))),
    );
    await inBatches(runs, 4, async ({ mode, k, format }) => {
      const output = await runCli([
        'audit',
        '--format',
        format,
        '--env',
        `ECHO_SECRET=${SECRET}`,
        '--env',
        `ECHO_PEM=${PEM}`,
        '--',
        process.execPath,
        FIXTURE,
        mode,
        String(k),
      ]);
      expect(output.length).toBeGreaterThan(100);
      found.push(...leaks(output).map((piece) => `${mode} k=${k} ${format}: ${piece}`));
    });
    expect(found).toEqual([]);
  });

  it('the dashboard API (/api/audit NDJSON) answers no fragment, stdio and HTTP', async () => {
    const found: string[] = [];
    await inBatches(
      MODES.flatMap((mode) => [1, 8, 17, 29, 44].map((k) => ({ mode, k }))),
      4,
      async ({ mode, k }) => {
        const response = await handleAuditRequest(
          new Request('http://127.0.0.1:3100/api/audit', {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({
              transport: 'stdio',
              command: process.execPath,
              args: [FIXTURE, mode, String(k)],
              env: { ECHO_SECRET: SECRET, ECHO_PEM: PEM },
            }),
          }),
        );
        const text = await response.text();
        expect(text).toContain('"type":"report"');
        found.push(...leaks(text).map((piece) => `${mode} k=${k}: ${piece}`));
      },
    );
    // An HTTP server that answers 403 echoing the Authorization header, its cut at every position.
    await inBatches(
      Array.from({ length: TOKEN.length - 1 }, (_, i) => i + 1),
      4,
      async (k) => {
        const server = await startEchoHttp(k);
        try {
          const response = await handleAuditRequest(
            new Request('http://127.0.0.1:3100/api/audit', {
              method: 'POST',
              headers: { 'content-type': 'application/json' },
              body: JSON.stringify({
                transport: 'streamable-http',
                url: server.url,
                headers: { Authorization: `Bearer ${TOKEN}` },
              }),
            }),
          );
          const text = await response.text();
          expect(text).toContain('HTTP 403');
          found.push(...leaks(text).map((piece) => `http k=${k}: ${piece}`));
        } finally {
          await server.close();
        }
      },
    );
    expect(found).toEqual([]);
  });
});
