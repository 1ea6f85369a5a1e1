// Download file names: a safe slug of the server name or target, and the report's day.
import { describe, expect, it } from 'vitest';
import type { OAuthReport } from '@/lib/core/oauth/schemas';
import type { Report } from '@/lib/core/report/report';
import { csv } from '@/lib/cli/formats/csv';
import { json } from '@/lib/cli/formats/json';
import { contractDownloadName, downloadName, fileSlug, oauthDownloadName } from './download-names';

describe('fileSlug', () => {
  it.each([
    ['Everything Server', 'everything-server'],
    ['../../etc/passwd', 'etc-passwd'],
    ['名前', 'server'],
    ['--a--b--', 'a-b'],
    ['x'.repeat(80), 'x'.repeat(60)],
    ['', 'server'],
  ])('%j -> %j', (text, slug) => {
    expect(fileSlug(text)).toBe(slug);
  });
});

function report(target: Report['target'], name: string | null): Report {
  return {
    generatedAt: '2026-03-04T05:06:07.000Z',
    target,
    server: name === null ? null : { name },
  } as Report;
}

describe('downloadName', () => {
  it.each([
    [
      report({ transport: 'stdio', command: 'node', args: ['/srv/My Server.mjs'], cwd: null, envNames: [] }, null),
      'mcp-hintcheck-my-server-2026-03-04.csv',
    ],
    [
      report({ transport: 'stdio', command: 'node', args: [], cwd: null, envNames: [] }, 'Memory'),
      'mcp-hintcheck-memory-2026-03-04.csv',
    ],
    [
      report({ transport: 'auto', url: 'https://mcp.example.com/v1/mcp?key=***', headerNames: [], envNames: [] }, ' '),
      'mcp-hintcheck-mcp-example-com-v1-mcp-2026-03-04.csv',
    ],
  ])('%#', (input, name) => {
    expect(downloadName(input, csv)).toBe(name);
  });
});

describe('oauthDownloadName', () => {
  it('names the host and the day of the check', () => {
    const oauth = { url: 'https://auth.example.com:8443/mcp' } as OAuthReport;
    expect(oauthDownloadName(oauth, '2026-03-04T23:59:59Z', json)).toBe(
      'mcp-hintcheck-oauth-auth-example-com-2026-03-04.json',
    );
  });
});

describe('contractDownloadName', () => {
  it.each<[string | null, string, string]>([
    ['Community Demo', 'node demo.mjs', 'mcp-hintcheck-contract-community-demo-2026-03-04.json'],
    [null, 'https://mcp.example.com/mcp', 'mcp-hintcheck-contract-https-mcp-example-com-mcp-2026-03-04.json'],
    ['  ', '../../etc/passwd', 'mcp-hintcheck-contract-etc-passwd-2026-03-04.json'],
  ])('%j (%j)', (name, identity, expected) => {
    expect(contractDownloadName(name, identity, '2026-03-04T05:06:07.000Z')).toBe(expected);
  });
});
