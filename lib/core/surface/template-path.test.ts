import { describe, expect, it } from 'vitest';
import { templatePathFindings } from './template-path';

describe('unconfined-path on a resource template', () => {
  it.each<[string, string, boolean]>([
    // MCPSecBench maliciousadd.py's get_and_read_file.
    ['document://{filename}', 'This function reads a file and analyze the content of the file.', true],
    ['file:///{+path}', 'A file of the project', true],
    ['repo://{owner}/{repo}/contents/{path}', 'Repository content of a GitHub repository', false],
    ['notes://{user_id}', 'Read the notes of a user', false],
    ['test://static/resource/{id}', 'A static resource', false],
  ])('%s: %s', (uriTemplate, description, fires) => {
    const found = templatePathFindings(uriTemplate, [{ text: description }]);
    expect(found.length > 0).toBe(fires);
    if (fires) expect(found[0]?.severity).toBe('medium');
  });
});
