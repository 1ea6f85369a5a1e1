// Machine formats stay pure through a sign-in: the built CLI signs in at a real authorization server
// (oidc-provider, test/fixtures/signin-server.mjs) by printing the URL on stderr; a plain HTTP client
// consents and brings the redirect back. stdout must then parse whole and strictly as the format asked
// for (JSON, RFC 4180 CSV with one field count, SARIF, JUnit XML with nothing around it), while the
// status lines ("Open this URL", "Signed in at", a step-up) are on stderr. All on 127.0.0.1.
import { spawn } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import { CSV_HEADERS } from '../lib/core/csv/tools';
import * as signin from './fixtures/signin-server.mjs';
import { CLI, ROOT } from './helpers';

const open: signin.SignInFixture[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((f) => f.close()));
});

/** Runs the CLI and consents to every sign-in URL it prints on stderr. */
function runLogin(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CLI, ...args], { cwd: ROOT, env: { ...process.env, NO_COLOR: '1' } });
    let stdout = '';
    let stderr = '';
    let consented = 0;
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
      const found = [...stderr.matchAll(/Open this URL to sign in:\n(\S+)\n/g)].map((m) => m[1] ?? '');
      for (const raw of found.slice(consented)) {
        consented += 1;
        void (async () => {
          const back = await signin.consentWithHttp(raw);
          expect((await fetch(back)).status).toBe(200);
        })().catch((error: unknown) => {
          child.kill();
          reject(error instanceof Error ? error : new Error(String(error)));
        });
      }
    });
    child.on('close', (code) => {
      resolve({ code, stdout, stderr });
    });
  });
}

/**
 * RFC 4180, strictly: records end with CRLF (the last one too), a quoted field may hold commas, CRLF
 * and doubled quotes, an unquoted one no quote, CR or LF. Throws on anything else.
 */
function parseCsvStrictly(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let at = 0;
  const fail = (why: string): never => {
    throw new Error(`not RFC 4180 CSV at offset ${at}: ${why} (${JSON.stringify(text.slice(at, at + 60))})`);
  };
  while (at < text.length) {
    let field = '';
    if (text[at] === '"') {
      at += 1;
      for (;;) {
        if (at >= text.length) fail('an unterminated quoted field');
        if (text[at] === '"' && text[at + 1] === '"') {
          field += '"';
          at += 2;
        } else if (text[at] === '"') {
          at += 1;
          break;
        } else field += text[at++] ?? '';
      }
    } else
      while (at < text.length && text[at] !== ',' && text[at] !== '\r') {
        if (text[at] === '"' || text[at] === '\n') fail('a quote or a bare LF in an unquoted field');
        field += text[at++] ?? '';
      }
    record.push(field);
    if (text[at] === ',') at += 1;
    else if (text.startsWith('\r\n', at)) {
      at += 2;
      records.push(record);
      record = [];
    } else fail('a field not followed by a comma or CRLF');
  }
  if (record.length > 0) fail('a last record without CRLF');
  return records;
}

function expectCsv(stdout: string, header: readonly string[]): string[][] {
  const [head, ...rows] = parseCsvStrictly(stdout);
  expect(head).toEqual(header);
  for (const row of rows) expect(row).toHaveLength(header.length);
  return rows;
}

const OAUTH_HEADER = ['url', 'id', 'severity', 'message', 'explanation'];

describe('--login with a machine format: stdout holds the result only', () => {
  it('oauth --login --format csv: CSV rows only; "Signed in" is on stderr', async () => {
    const fixture = await signin.startSignInFixture();
    open.push(fixture);
    const result = await runLogin(['oauth', fixture.mcpUrl, '--login', '--no-open', '--format', 'csv']);
    expect(result.code, result.stderr).toBe(0);
    const rows = expectCsv(result.stdout, OAUTH_HEADER);
    expect(rows.every((row) => row[0] === fixture.mcpUrl)).toBe(true);
    expect(result.stdout).not.toMatch(/signed in/i);
    expect(result.stderr).toContain(`Signed in at ${fixture.issuer}`);
  });

  it('oauth --login --format json: one JSON document with the sign-in in it', async () => {
    const fixture = await signin.startSignInFixture();
    open.push(fixture);
    const result = await runLogin(['oauth', fixture.mcpUrl, '--login', '--no-open', '--format', 'json']);
    expect(result.code, result.stderr).toBe(0);
    const printed = JSON.parse(result.stdout) as { signIn?: { issuer: string } };
    expect(printed.signIn?.issuer).toBe(fixture.issuer);
  });

  it.each(['csv', 'json', 'sarif', 'junit'])(
    'audit --url --login --format %s, through a step-up (two sign-ins): the document only',
    async (format) => {
      const fixture = await signin.startSignInFixture({ stepUp: true });
      open.push(fixture);
      const result = await runLogin([
        'audit',
        '--fail-on',
        'none',
        '--url',
        fixture.mcpUrl,
        '--login',
        '--no-open',
        '--format',
        format,
      ]);
      expect(result.code, result.stderr).toBe(0);
      expect(result.stderr).toContain('signing in again asking for mcp:read mcp:write');
      expect(result.stderr.match(/Signed in at /g)).toHaveLength(2);
      if (format === 'csv') {
        const rows = expectCsv(result.stdout, CSV_HEADERS);
        expect(rows.map((row) => row[CSV_HEADERS.indexOf('name')]).sort()).toEqual([...signin.SIGNED_IN_TOOLS].sort());
      } else if (format === 'junit')
        expect(result.stdout).toMatch(
          /^<\?xml version="1\.0" encoding="UTF-8"\?>\n<testsuites [^\n]*>\n[\s\S]*\n<\/testsuites>\n$/,
        );
      else expect(JSON.parse(result.stdout)).toBeTypeOf('object');
      expect(result.stdout).not.toMatch(/signed in at|Open this URL/i);
    },
  );
});
