// Deeply nested configuration files (issue 48): refused as config-unreadable with a clear message, never a
// RangeError out of the parser's recursion.
import { describe, expect, it } from 'vitest';
import type { ClientId } from './client-ids';
import { MAX_JSON_DEPTH, tooDeepAt } from './json-document';
import { parseConfigFile } from './parse';

const nested = (levels: number, open = '[', close = ']'): string => `${open.repeat(levels)}${close.repeat(levels)}`;

describe('deeply nested configuration files', () => {
  it.each<[ClientId, string]>([
    ['claude-code', `{"mcpServers": {"a": {"command": "node", "env": ${nested(100_000)}}}}`],
    ['vscode', `{"servers": {"a": {"command": "node", "args": ${nested(5_000, '{"x":', '}')}}}}`],
    ['cursor', `{\n\n${nested(300)}`],
  ])('%s: config-unreadable naming the limit and the line, no entry read', (client, text) => {
    const parsed = parseConfigFile({ client, file: 'deep.json', text, scope: 'project', project: '/p' });
    expect(parsed.entries).toEqual([]);
    expect(parsed.findings).toHaveLength(1);
    expect(parsed.findings[0]).toMatchObject({ id: 'config-unreadable', severity: 'high' });
    expect(parsed.findings[0]?.message).toMatch(
      new RegExp(`^Objects and arrays nested more than ${String(MAX_JSON_DEPTH)} levels deep .* at line \\d+\\.$`),
    );
  });

  it('a TOML file nested past what its reader can follow is config-unreadable too', () => {
    const text = `[mcp_servers.a]\ncommand = "node"\nargs = ${nested(100_000)}\n`;
    const parsed = parseConfigFile({ client: 'codex', file: 'config.toml', text, scope: 'user', project: null });
    expect(parsed.findings.map((finding) => finding.id)).toContain('config-unreadable');
  });

  it.each([
    ['brackets inside strings do not count', `{"a": "${'['.repeat(1000)}"}`, -1],
    ['nor inside comments', `// ${'{'.repeat(1000)}\n/* ${'['.repeat(1000)} */ {}`, -1],
    ['an escaped quote keeps the string open', `{"a": "\\"${'['.repeat(1000)}"}`, -1],
    ['exactly the limit is read', nested(MAX_JSON_DEPTH), -1],
    ['one past it is not', nested(MAX_JSON_DEPTH + 1), MAX_JSON_DEPTH],
  ])('%s', (_label, text, at) => {
    expect(tooDeepAt(text, MAX_JSON_DEPTH)).toBe(at);
  });

  it('an ordinary file still parses', () => {
    const text = '{"mcpServers": {"a": {"command": "node", "args": ["x"], "env": {"K": "v"}}}}';
    const parsed = parseConfigFile({ client: 'claude-code', file: 'c.json', text, scope: 'user', project: null });
    expect(parsed.findings).toEqual([]);
    expect(parsed.entries.map((entry) => entry.name)).toEqual(['a']);
  });
});
