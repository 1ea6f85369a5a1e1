import { describe, expect, it } from 'vitest';
import type { Report, Target } from '../report';
import { auditConditions, serverIdentity, worstFlag } from './entry';

describe('serverIdentity', () => {
  it.each([
    [
      { transport: 'stdio', command: 'node', args: ['server.js', '--port', '1'], cwd: null, envNames: ['A'] },
      'node server.js --port 1',
    ],
    [
      { transport: 'stdio', command: 'npx', args: ['-y', 'a b', "it's"], cwd: null, envNames: [] },
      `npx -y 'a b' 'it'\\''s'`,
    ],
    [{ transport: 'stdio', command: 'node', args: ['s.js'], cwd: '/srv', envNames: [] }, 'node s.js  (in /srv)'],
    [
      { transport: 'auto', url: 'https://h.test/mcp?key=***', headerNames: [], envNames: [] },
      'https://h.test/mcp?key=***',
    ],
  ] as [Target, string][])('%j is %s', (target, identity) => {
    expect(serverIdentity(target)).toBe(identity);
  });
});

const tool = (flags: { id: string; severity: string }[]) => ({
  flags: flags.map((flag) => ({ ...flag, message: '' })),
});

describe('worstFlag', () => {
  it.each([
    ['no tools', [], null],
    ['no flags', [tool([])], null],
    [
      'the highest severity wins',
      [tool([{ id: 'additive-write', severity: 'low' }]), tool([{ id: 'unannotated', severity: 'high' }])],
      { severity: 'high', id: 'unannotated' },
    ],
    [
      'the most frequent at that severity',
      [
        tool([{ id: 'unannotated', severity: 'high' }]),
        tool([{ id: 'destructive-write', severity: 'high' }]),
        tool([{ id: 'destructive-write', severity: 'high' }]),
      ],
      { severity: 'high', id: 'destructive-write' },
    ],
    [
      'ties go to catalogue order',
      [
        tool([
          { id: 'destructive-write', severity: 'high' },
          { id: 'unannotated', severity: 'high' },
        ]),
      ],
      { severity: 'high', id: 'unannotated' },
    ],
  ])('%s', (_label, tools, expected) => {
    expect(worstFlag({ tools } as unknown as Pick<Report, 'tools'>)).toEqual(expected);
  });
});

describe('auditConditions', () => {
  it('names headers and says signed in when Authorization was sent, never values', () => {
    const report = {
      target: { transport: 'auto', url: 'https://h.test/mcp', headerNames: ['Authorization', 'X-Team'], envNames: [] },
      server: { transport: 'streamable-http', protocolVersion: '2025-11-25' },
      generator: { name: 'mcp-hintcheck', version: '9.9.9' },
    } as unknown as Report;
    expect(auditConditions(report, 'dashboard')).toEqual({
      transport: 'streamable-http',
      protocolVersion: '2025-11-25',
      envNames: [],
      headerNames: ['Authorization', 'X-Team'],
      signedIn: true,
      generatorVersion: '9.9.9',
      source: 'dashboard',
    });
  });
});
