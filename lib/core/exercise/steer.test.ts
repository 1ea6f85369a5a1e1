import { describe, expect, it } from 'vitest';
import { EXERCISE_LIMITS, checkableClaims, planExercise } from './select';
import { optionalPaths, steerArguments } from './steer';
import type { EffectiveAnnotations } from '../annotations';

const TARGETS = { work: '/w', sampleFile: '/w/s.txt', newFile: '/w/n.txt', url: 'http://127.0.0.1:9/h', port: 47113 };

describe('steerArguments', () => {
  it('points paths inside the working folder, URLs and hosts at loopback, and keeps enums', () => {
    const schema = {
      type: 'object',
      properties: { mode: { type: 'string', enum: ['fast'] }, link: { type: 'string', format: 'uri' } },
    };
    expect(
      steerArguments(
        {
          path: 'x',
          destination: 'y',
          directory: 'z',
          url: 'https://example.com',
          host: 'example.com',
          mode: 'fast',
          link: 'q',
          note: 'n'.repeat(200),
          list: [1, 2, 3, 4, 5],
        },
        schema,
        TARGETS,
        'read_file',
      ),
    ).toEqual({
      path: '/w/s.txt',
      destination: '/w/n.txt',
      directory: '/w',
      url: 'http://127.0.0.1:9/h',
      host: '127.0.0.1',
      mode: 'fast',
      link: 'http://127.0.0.1:9/h',
      note: 'n'.repeat(64),
      list: [1, 2, 3],
    });
  });

  it('gives a listing tool the folder, and any non-object sample becomes {}', () => {
    expect(steerArguments({ path: 'x' }, {}, TARGETS, 'list_directory')).toEqual({ path: '/w' });
    expect(steerArguments('text', {}, TARGETS, 't')).toEqual({});
  });
});

const hints = (
  readOnly: boolean,
  destructive: boolean,
  idempotent: boolean,
  openWorld: boolean,
): EffectiveAnnotations => ({
  readOnlyHint: { value: readOnly, source: 'declared' },
  destructiveHint: { value: destructive, source: 'declared' },
  idempotentHint: { value: idempotent, source: 'declared' },
  openWorldHint: { value: openWorld, source: 'declared' },
});

describe('steerArguments: never the server itself (issue 34)', () => {
  it.each<[string, unknown, unknown]>([
    ['pid', 0, 2147483646],
    ['pid', 1, 2147483646],
    ['processId', 'string', '2147483646'],
    ['target_pgid', 0, 2147483646],
    ['parentPid', 0, 2147483646],
    ['rapid', 0, 0],
    ['port', 0, 47113],
    ['debugPort', 'x', '47113'],
    ['count', 0, 0],
  ])('%s: %j becomes %j', (key, value, expected) => {
    expect(steerArguments({ [key]: value }, {}, TARGETS, 'kill_process')).toEqual({ [key]: expected });
  });

  it('keeps an enumerated pid-like value (it is what the tool accepts)', () => {
    const schema = { type: 'object', properties: { pid: { type: 'number', enum: [7] } } };
    expect(steerArguments({ pid: 7 }, schema, TARGETS, 't')).toEqual({ pid: 7 });
  });
});

describe('optionalPaths: the second pass of a read-only tool', () => {
  it('names the optional string fields that are paths or file names, not the required ones', () => {
    const schema = {
      type: 'object',
      properties: {
        filename: { type: 'string' },
        path: { type: 'string' },
        raw: { type: 'boolean' },
        element: { type: 'string' },
        outputDir: { type: 'string' },
        target: { type: 'string', description: 'element selector' },
        from: { type: 'string' },
      },
      required: ['path'],
    };
    expect(optionalPaths(schema)).toEqual(['filename', 'outputDir']);
    expect(optionalPaths({ type: 'object' })).toEqual([]);
  });
});

describe('what is called', () => {
  it.each([
    [hints(true, false, false, true), ['read-only']],
    [hints(false, true, false, false), ['closed-world']],
    [hints(false, false, true, true), ['non-destructive', 'idempotent']],
    [hints(false, true, false, true), []],
  ])('claims %#', (effective, claims) => {
    expect(checkableClaims(effective)).toEqual(claims);
  });

  it('checkable skips tools that claim nothing; all calls them, the destructive one last; idempotent tools twice; the cap holds', () => {
    const tools = [
      { name: 'r', effective: hints(true, false, false, true) },
      { name: 'w', effective: hints(false, true, false, true) },
      { name: 'i', effective: hints(false, false, true, true) },
    ];
    expect(planExercise(tools, 'checkable').tools.map((t) => [t.name, t.rounds])).toEqual([
      ['r', 1],
      ['i', 2],
    ]);
    expect(planExercise(tools, 'checkable').skipped.map((s) => s.tool)).toEqual(['w']);
    // Read-only first, additive next, destructive last (issue 34): w (destructive) after i (additive).
    expect(planExercise(tools, 'all').tools.map((t) => t.name)).toEqual(['r', 'i', 'w']);
    expect(planExercise(tools, 'all', 2).tools.map((t) => t.name)).toEqual(['r', 'w']);
    expect(EXERCISE_LIMITS.maxCalls).toBe(40);
  });
});

describe('steerArguments: a folder when the field or the tool says so (issue 47)', () => {
  const tool = (description: string | null): { name: string; description: string | null } => ({
    name: 'git_status',
    description,
  });
  it.each([
    [
      'its description says repository',
      { path: { type: 'string', description: 'Path to the Git repository' } },
      null,
      '/w',
    ],
    ['its title says folder', { path: { type: 'string', title: 'Project folder' } }, null, '/w'],
    ['its description says dir', { path: { type: 'string', description: 'the dir to scan' } }, null, '/w'],
    ['its description says file', { path: { type: 'string', description: 'The file to read' } }, null, '/w/s.txt'],
    ['file or directory: a file', { path: { type: 'string', description: 'A file or directory' } }, null, '/w/s.txt'],
    ['no description, the tool says repository', { path: { type: 'string' } }, 'Status of a git repository', '/w'],
    [
      'no description, the tool reads a file in a folder',
      { path: { type: 'string' } },
      'Read a file in the allowed directories',
      '/w/s.txt',
    ],
    ['nothing says folder', { path: { type: 'string' } }, 'Shows the status', '/w/s.txt'],
  ])('%s', (_case, properties, description, expected) => {
    const schema = { type: 'object', properties };
    expect(steerArguments({ path: 'x' }, schema, TARGETS, tool(description))).toEqual({ path: expected });
  });

  it('a repoPath or repo_dir field is the folder; a repo field only when described as a path', () => {
    expect(steerArguments({ repoPath: 'x', repo_dir: 'y' }, {}, TARGETS, 't')).toEqual({
      repoPath: '/w',
      repo_dir: '/w',
    });
    const described = {
      type: 'object',
      properties: { repo: { type: 'string', description: 'Local path of the repository' } },
    };
    expect(steerArguments({ repo: 'x' }, described, TARGETS, 't')).toEqual({ repo: '/w' });
    const github = { type: 'object', properties: { repo: { type: 'string', description: 'Repository name' } } };
    expect(steerArguments({ repo: 'x' }, github, TARGETS, 't')).toEqual({ repo: 'x' });
  });
});
