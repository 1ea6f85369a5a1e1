import { describe, expect, it } from 'vitest';
import { CONFIG_FINDING_IDS } from '../core/config/findings';
import { FLAG_IDS } from '../core/flags';
import { SESSION_FINDING_IDS } from '../core/session/findings';
import { configArtifact } from './print-scan-sarif';

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
  ])('%s (repository %s, HOME %s) -> %s', (file, root, home, uri, description) => {
    const artifact = configArtifact(file, root, home);
    expect(artifact.uri).toBe(uri);
    expect(artifact.description).toBe(description);
    // GitHub code scanning rejects absolute URIs and schemes.
    expect(artifact.uri).not.toMatch(/^[a-z][a-z0-9+.-]*:|^\//i);
    expect(artifact.uri.split('/')).not.toContain('..');
  });
});

describe('rule ids in one scan run', () => {
  it('flags, configuration findings and session findings never share an id (rules are keyed by id)', () => {
    const all = [...FLAG_IDS, ...CONFIG_FINDING_IDS, ...SESSION_FINDING_IDS];
    expect(new Set(all).size).toBe(all.length);
  });
});
