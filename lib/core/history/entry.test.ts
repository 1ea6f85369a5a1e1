import { describe, expect, it } from 'vitest';
import type { Report, Target } from '../report/report';
import {
  auditConditions,
  diffRefusal,
  firstError,
  historyOutcome,
  otherServerNote,
  partialNote,
  serverIdentity,
} from './entry';

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

describe('historyOutcome, firstError, diffRefusal, partialNote', () => {
  const failed = {
    errors: [{ code: 'spawn-failed', message: 'The server exited before answering.' }],
    pages: 0,
    complete: false,
  } as unknown as Report;
  const partial = { ...failed, pages: 2 };
  const cut = { errors: [], pages: 1000, complete: false } as unknown as Report;
  const whole = { errors: [], pages: 1, complete: true } as unknown as Report;

  it.each([
    ['failed', failed, 'failed'],
    ['an error after a page', partial, 'partial'],
    ['a listing cut short', cut, 'partial'],
    ['whole', whole, 'complete'],
  ] as [string, Report, string][])('%s is %s', (_label, report, outcome) => {
    expect(historyOutcome(report)).toBe(outcome);
  });

  it('refuses a failed audit as one side of a diff, naming its error, and notes a partial one', () => {
    expect(firstError(failed)).toBe('spawn-failed: The server exited before answering.');
    expect(diffRefusal(7, failed)).toBe(
      'Audit #7 failed before it listed any tool (spawn-failed: The server exited before answering.): there is no surface to compare. Pick two audits that listed their tools.',
    );
    expect(diffRefusal(7, partial)).toBeNull();
    expect(diffRefusal(7, whole)).toBeNull();
    expect(partialNote(8, cut)).toContain('Audit #8 did not list its whole surface (the listing was cut short)');
    expect(partialNote(8, whole)).toBeNull();
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

describe('otherServerNote', () => {
  const of = (args: string[]) =>
    ({ target: { transport: 'stdio', command: 'node', args, cwd: null, envNames: [] } }) as unknown as Report;

  it('is null for two audits of one server, and names both servers otherwise', () => {
    expect(otherServerNote({ id: 1, report: of(['a.js']) }, { id: 2, report: of(['a.js']) })).toBeNull();
    expect(otherServerNote({ id: 1, report: of(['a.js']) }, { id: 2, report: of(['b.js']) })).toBe(
      "Audits #1 and #2 are of two different servers (node a.js; node b.js): this compares two surfaces, not one server's change.",
    );
  });
});
