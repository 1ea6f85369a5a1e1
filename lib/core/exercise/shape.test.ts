import { describe, expect, it } from 'vitest';
import { effectShape } from './shape';

const shape = (target: string) => effectShape({ kind: 'create', target, to: null });

describe('effectShape', () => {
  it.each([
    ['./memory.jsonl.14c200df7a91d3af.tmp', './memory.jsonl.8c45f934e952d59f.tmp', true],
    ['/tmp/playwright-artifacts-8FSBka', '/tmp/playwright-artifacts-0B5xLD', true],
    ['~/.cache/ms-playwright-mcp/mcp-chrome-f9be197', '~/.cache/ms-playwright-mcp/mcp-chrome-0a1b2c3', true],
    ['./notes.txt', './other.txt', false],
    ['~/.cache/app', '~/.config/app', false],
  ])('%s and %s: one shape %s', (a, b, same) => {
    expect(shape(a) === shape(b)).toBe(same);
  });
});
