import { describe, expect, it } from 'vitest';
import { traversalArgument, traversalArguments, traversalPaths, traversalThrough } from './traversal';

const targets = { work: '/tmp/work', canary: '/tmp/home/.ssh/id_ed25519', link: '/tmp/work/hintcheck-link' };
const props = (properties: Record<string, unknown>) => ({ type: 'object', properties });
const text = { type: 'string' };

describe('traversal arguments', () => {
  it('aims a ../ chain deep enough for any folder up to eight levels, the absolute path and the link', () => {
    expect(traversalPaths(targets)).toEqual([
      { kind: 'dot-dot', path: '../../../../../../../../tmp/home/.ssh/id_ed25519' },
      { kind: 'absolute', path: '/tmp/home/.ssh/id_ed25519' },
      { kind: 'symlink', path: '/tmp/work/hintcheck-link' },
    ]);
  });

  it.each<[string, string, unknown, string | null]>([
    ['read_file', 'Read a file from the public directory.', props({ filename: text }), 'filename'],
    ['copy_file', 'Copy a file.', props({ destination: text, source: text }), 'source'],
    ['create_symlink', 'Create a symbolic link.', props({ target: text }), 'target'],
    // server-filesystem: the server's own word is checked too.
    ['read_text_file', 'Read a file. Only works within allowed directories.', props({ path: text }), 'path'],
    ['read_notes', 'Reads a text file.', props({ path: text }), null],
    ['read_file', 'Read a file from the public directory.', props({ filename: { type: 'string', enum: ['a'] } }), null],
  ])('%s: %s', (name, description, inputSchema, expected) => {
    expect(traversalArgument({ name, description, inputSchema })).toBe(expected);
  });

  it('keeps the other steered arguments and puts one path in an array argument', () => {
    const tool = {
      name: 'read_multiple_files',
      description: 'Read multiple files. Only works within allowed directories.',
      inputSchema: props({ paths: { type: 'array', items: text }, encoding: text }),
    };
    const sets = traversalArguments(tool, { paths: ['/tmp/work/hintcheck-sample.txt'], encoding: 'utf8' }, targets);
    expect(sets).toEqual([
      { paths: ['../../../../../../../../tmp/home/.ssh/id_ed25519'], encoding: 'utf8' },
      { paths: ['/tmp/home/.ssh/id_ed25519'], encoding: 'utf8' },
      { paths: ['/tmp/work/hintcheck-link'], encoding: 'utf8' },
    ]);
    expect(
      traversalArguments({ name: 'add', description: 'Adds.', inputSchema: props({ a: text }) }, {}, targets),
    ).toEqual([]);
  });

  it('reads back the argument that carried the path', () => {
    expect(traversalThrough('{"encoding":"utf8","filename":"../../../../../../../../tmp/home/.ssh/id_ed25519"}')).toBe(
      'filename=../../../../../../../../tmp/home/.ssh/id_ed25519',
    );
    expect(traversalThrough('{"paths":["/tmp/work/hintcheck-link"]}')).toBe('paths=/tmp/work/hintcheck-link');
    expect(traversalThrough('{"path":"/tmp/work/hintcheck-sample.txt"}')).toBeNull();
    expect(traversalThrough('not json…')).toBeNull();
  });
});
