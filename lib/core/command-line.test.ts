import { describe, expect, it } from 'vitest';
import { splitCommandLine } from './command-line';

describe('splitCommandLine', () => {
  it.each([
    ['node ./server/stdio.js', ['node', './server/stdio.js']],
    ['  npx   -y   some-mcp-server  ', ['npx', '-y', 'some-mcp-server']],
    [`node "my server.js" --name 'a b'`, ['node', 'my server.js', '--name', 'a b']],
    [`echo "say \\"hi\\"" 'it''s'`, ['echo', 'say "hi"', 'its']],
    ['a\\ b c', ['a b', 'c']],
    [`x "" ''`, ['x', '', '']],
    [`--flag="a b"`, ['--flag=a b']],
    ['', []],
  ])('%s', (line, words) => {
    expect(splitCommandLine(line)).toEqual({ ok: true, words, warnings: [] });
  });

  it.each([
    ['node "unterminated', 'Unterminated double quote.'],
    ["node 'unterminated", 'Unterminated single quote.'],
  ])('rejects %s', (line, error) => {
    expect(splitCommandLine(line)).toEqual({ ok: false, error });
  });

  it('warns that operators and variables are not interpreted', () => {
    const result = splitCommandLine('node s.js $HOME | tee log');
    expect(result.ok && result.words).toEqual(['node', 's.js', '$HOME', '|', 'tee', 'log']);
    expect(result.ok && result.warnings).toHaveLength(2);
  });
});
