import { describe, expect, it } from 'vitest';
import { configArtifact } from './artifact-uri';

describe('configArtifact', () => {
  it.each([
    ['/repo/.mcp.json', '/repo', '/home/me', '.mcp.json', undefined],
    ['/repo/.vscode/mcp.json', '/repo', '/home/me', '.vscode/mcp.json', undefined],
    ['.cursor/mcp.json', '/repo', '/home/me', '.cursor/mcp.json', undefined],
    ['/repo/my configs/mcp.json', '/repo', '/home/me', 'my%20configs/mcp.json', undefined],
    [
      '/home/me/.cursor/mcp.json',
      '/repo',
      '/home/me',
      'mcp-client-config/~/.cursor/mcp.json',
      'Outside the repository: ~/.cursor/mcp.json',
    ],
    [
      '/home/me/Library/Application Support/Claude/claude_desktop_config.json',
      '/repo',
      '/home/me',
      'mcp-client-config/~/Library/Application%20Support/Claude/claude_desktop_config.json',
      'Outside the repository: ~/Library/Application Support/Claude/claude_desktop_config.json',
    ],
    [
      '/etc/claude-code/managed-mcp.json',
      '/repo',
      '/home/me',
      'mcp-client-config/root/etc/claude-code/managed-mcp.json',
      'Outside the repository: /etc/claude-code/managed-mcp.json',
    ],
    // A sibling whose name starts like the repository is outside it.
    [
      '/repo-other/.mcp.json',
      '/repo',
      '',
      'mcp-client-config/root/repo-other/.mcp.json',
      'Outside the repository: /repo-other/.mcp.json',
    ],
    // The repository inside HOME: the repository wins.
    ['/home/me/work/.mcp.json', '/home/me/work', '/home/me', '.mcp.json', undefined],
    // Normalized like path.resolve: '.', '..', doubled and trailing separators.
    ['/repo/./sub/../.cursor//mcp.json', '/repo/', '/home/me', '.cursor/mcp.json', undefined],
    [
      '../outside/mcp.json',
      '/repo',
      '',
      'mcp-client-config/root/outside/mcp.json',
      'Outside the repository: /outside/mcp.json',
    ],
    // A name that starts with two dots is still inside.
    ['/repo/..shared/mcp.json', '/repo', '', '..shared/mcp.json', undefined],
    // The repository itself is not a file inside it.
    ['/repo', '/repo', '', 'mcp-client-config/root/repo', 'Outside the repository: /repo'],
    // No HOME, no repository.
    [
      '/home/me/.cursor/mcp.json',
      '',
      '',
      'mcp-client-config/root/home/me/.cursor/mcp.json',
      'Outside the repository: /home/me/.cursor/mcp.json',
    ],
    // Windows: either separator, names compared without case, the drive kept in the pseudo-path.
    ['C:\\Work\\Repo\\.vscode\\mcp.json', 'C:\\work\\repo', 'C:\\Users\\me', '.vscode/mcp.json', undefined],
    ['C:/work/repo/.cursor/mcp.json', 'C:\\work\\repo', 'C:\\Users\\me', '.cursor/mcp.json', undefined],
    ['.vscode\\mcp.json', 'C:\\work\\repo', '', '.vscode/mcp.json', undefined],
    [
      'C:\\Users\\Me\\AppData\\Roaming\\Claude\\claude_desktop_config.json',
      'C:\\work\\repo',
      'C:\\Users\\me',
      'mcp-client-config/~/AppData/Roaming/Claude/claude_desktop_config.json',
      'Outside the repository: ~/AppData/Roaming/Claude/claude_desktop_config.json',
    ],
    [
      'D:\\work\\repo\\.mcp.json',
      'C:\\work\\repo',
      'C:\\Users\\me',
      'mcp-client-config/root/D%3A/work/repo/.mcp.json',
      'Outside the repository: D:\\work\\repo\\.mcp.json',
    ],
    [
      'C:/ProgramData/ClaudeCode/managed-mcp.json',
      'C:\\work\\repo',
      'C:\\Users\\me',
      'mcp-client-config/root/C%3A/ProgramData/ClaudeCode/managed-mcp.json',
      'Outside the repository: C:\\ProgramData\\ClaudeCode\\managed-mcp.json',
    ],
    ['\\\\server\\share\\repo\\.mcp.json', '\\\\server\\share\\repo', '', '.mcp.json', undefined],
    [
      '\\\\server\\share\\cfg\\mcp.json',
      '\\\\server\\share\\repo',
      '',
      'mcp-client-config/root/server/share/cfg/mcp.json',
      'Outside the repository: \\\\server\\share\\cfg\\mcp.json',
    ],
  ])('%s (repository %s, HOME %s) -> %s', (file, root, home, uri, description) => {
    const artifact = configArtifact(file, root, home);
    expect(artifact.uri).toBe(uri);
    expect(artifact.description).toBe(description);
    // GitHub code scanning rejects absolute URIs and schemes.
    expect(artifact.uri).not.toMatch(/^[a-z][a-z0-9+.-]*:|^\//i);
    expect(artifact.uri.split('/')).not.toContain('..');
  });
});
