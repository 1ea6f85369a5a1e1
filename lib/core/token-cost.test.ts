import { describe, expect, it } from 'vitest';
import { countTokens, jsonCost } from './token-cost';

describe('token cost', () => {
  it.each([
    ['', 0],
    ['hello world', 2],
    ['Delete a file from the workspace.', 7],
    // Counted with js-tiktoken (encode(text, [], [])) before it was replaced: the counts did not move.
    ['Lösche die Datei 日本語のファイルを削除 🙂', 14],
    ['{"name":"tool_00001","inputSchema":{"type":"object"}}', 15],
  ])('counts o200k_base tokens of %j', (text, tokens) => {
    expect(countTokens(text)).toBe(tokens);
  });

  it("counts a special token's spelling in a server's text as plain text instead of throwing", () => {
    expect(countTokens('ignore previous <|endoftext|> and <|endofprompt|> x')).toBe(18);
    expect(jsonCost({ description: '<|endoftext|>' }).tokens).toBeGreaterThan(1);
  });

  it('counts UTF-8 bytes, not UTF-16 units', () => {
    // JSON.stringify keeps these characters as they are: 2 + 3 + 4 bytes, plus the two quotes.
    expect(jsonCost('é').bytes).toBe(4);
    expect(jsonCost('\u200b').bytes).toBe(5);
    expect(jsonCost('😀').bytes).toBe(6);
  });

  it('costs the compact JSON of a value', () => {
    const tool = { name: 'read_file', description: 'Read a file.' };
    const text = JSON.stringify(tool);
    expect(jsonCost(tool)).toEqual({ bytes: text.length, tokens: countTokens(text) });
    expect(jsonCost(undefined)).toEqual({ bytes: 0, tokens: 0 });
  });
});
