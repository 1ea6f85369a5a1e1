import { describe, expect, it } from 'vitest';
import { AuditError } from '../server/errors';
import { DEFAULT_REGISTRY_TIMEOUT_MS, parseRegistryArgs } from './registry-args';

describe('parseRegistryArgs', () => {
  it('reads a run with every option', () => {
    expect(
      parseRegistryArgs([
        'https://r.example',
        '--run-file',
        'r.ndjson',
        '--concurrency',
        '3',
        '--shard',
        '2/4',
        '--updated-since',
        '2026-11-01T00:00:00Z',
        '--all-versions',
        '--package-runner',
        'npm=node  server.mjs',
      ]),
    ).toMatchObject({
      kind: 'run',
      source: 'https://r.example',
      runFile: 'r.ndjson',
      concurrency: 3,
      timeoutMs: DEFAULT_REGISTRY_TIMEOUT_MS,
      shard: { index: 2, count: 4 },
      updatedSince: '2026-11-01T00:00:00Z',
      allVersions: true,
      runners: { npm: ['node', 'server.mjs'] },
    });
  });

  it('reads a merge', () => {
    expect(parseRegistryArgs(['merge', 'a.ndjson', 'b.ndjson', '-o', 'r.json', '--decisions', 'out'])).toEqual({
      kind: 'merge',
      runFiles: ['a.ndjson', 'b.ndjson'],
      previous: null,
      output: 'r.json',
      sarif: null,
      decisions: 'out',
    });
  });

  it.each([
    [[], /needs one source/],
    [['a', 'b'], /needs one source/],
    [['f', '--concurrency', '0'], /--concurrency must be a whole number from 1 to \d+, not "0"/],
    [['f', '--timeout', '5s'], /--timeout must be a whole number/],
    [['f', '--shard', '4/3'], /--shard 4\/3: K must be from 1 to N/],
    [['f', '--shard', 'half'], /--shard must look like K\/N/],
    [['f', '--updated-since', 'yesterday'], /--updated-since must be an RFC 3339 time, not "yesterday"/],
    [['f', '--package-runner', 'npm'], /--package-runner must be TYPE=PROGRAM \[ARGS\]/],
    [['f', '--package-runner', 'npm= '], /--package-runner must be TYPE=PROGRAM \[ARGS\]/],
    [['f', '--bogus'], /Unknown option '--bogus'/],
    [['merge'], /needs at least one run file/],
  ])('%j: a usage error', (argv, message) => {
    let thrown: unknown;
    try {
      parseRegistryArgs(argv);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(AuditError);
    expect((thrown as AuditError).code).toBe('bad-input');
    expect((thrown as AuditError).message).toMatch(message);
  });
});
