import { describe, expect, it } from 'vitest';
import { toolSignalFindings } from './tool-signals';
import { unconfinedPath } from './unconfined-path';

const props = (properties: Record<string, unknown>) => ({ type: 'object', properties });
const text = { type: 'string' };
const finding = (name: string, description: string, schema: unknown) =>
  toolSignalFindings(name, [description], schema).find((one) => one.id === 'unconfined-path') ?? null;

describe('unconfined-path', () => {
  // damn-vulnerable-MCP-server challenge 3 and the file tools of other vulnerable collections.
  it.each<[string, string, unknown, string]>([
    [
      'read_file',
      "Read a file from the public directory.\n\nArgs:\n  filename: Name of the file to read (e.g., 'welcome.txt')",
      props({ filename: text }),
      'Says "from the public directory", and argument filename takes any path (no enum, const or pattern): only the server can keep ../ and absolute paths out.',
    ],
    [
      'copy_file',
      'Copy a file to a new location.',
      props({ source: text, destination: text }),
      'Says "copy", and arguments source, destination take any path (no enum, const or pattern): only the server can keep ../ and absolute paths out.',
    ],
    [
      'create_symlink',
      'Create a symbolic link pointing at a target.',
      props({ target: text, link_path: text }),
      'Says "symlink", and arguments target, link_path take any path (no enum, const or pattern): only the server can keep ../ and absolute paths out.',
    ],
    [
      'batch_read',
      'Read the files in the list and return the content of the files to the LLM.',
      props({ files: { type: 'array', items: text } }),
      'Says "Read the files in the list", and argument files takes any path (no enum, const or pattern): only the server can keep ../ and absolute paths out.',
    ],
  ])('%s: medium', (name, description, schema, message) => {
    expect(finding(name, description, schema)).toEqual({ id: 'unconfined-path', severity: 'medium', message });
  });

  it('is not raised where the server says it enforces the folder (server-filesystem), though the exercise reads it', () => {
    const schema = props({ source: text, destination: text });
    const description =
      'Move or rename files and directories. Both source and destination must be within allowed directories.';
    expect(finding('move_file', description, schema)).toBeNull();
    expect(unconfinedPath('move file', [description], schema)).toEqual({
      phrase: 'move',
      enforced: 'must be within allowed directories',
      paths: ['source', 'destination'],
    });
  });

  it.each<[string, string, unknown]>([
    ['read_file', 'Read a file from the public directory.', props({ filename: { type: 'string', enum: ['a.txt'] } })],
    [
      'read_file',
      'Read a file from the public directory.',
      props({ filename: { type: 'string', pattern: '^[a-z]+\\.txt$' } }),
    ],
    ['search', 'Search for files containing a keyword in the public directory.', props({ keyword: text })],
    ['read_file', 'Read a file.', props({ path: text })],
    [
      'edit_block',
      'Apply surgical edits to files.\nDOCKER: Prefer paths within mounted directories.',
      props({ file_path: text }),
    ],
    ['copy_text', 'Copy text to the clipboard.', props({ text })],
  ])('%s: none for %j', (name, description, schema) => {
    expect(finding(name, description, schema)).toBeNull();
  });
});
