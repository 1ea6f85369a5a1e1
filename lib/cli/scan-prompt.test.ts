import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import type { ServerListing } from '../core/config/entry';
import { askChoice, validNumbers } from './scan-prompt';

const listing = (name: string, disabled = false): ServerListing => ({
  id: `cursor:/h/.cursor/mcp.json:1:${name}`,
  client: 'cursor',
  file: '/h/.cursor/mcp.json',
  line: 1,
  scope: 'user',
  project: null,
  name,
  transport: 'stdio',
  command: 'node',
  args: [],
  cwd: null,
  envNames: [],
  envSources: [],
  envFile: null,
  headerSources: [],
  url: null,
  headerNames: [],
  disabled,
  needs: [],
  group: name,
  launchable: true,
});

/** Asks with `input` on a non-terminal stream (ended when `end`), returns the choice and what was written. */
async function ask(servers: ServerListing[], input: string | null, end = true, timeoutMs = 5_000) {
  const stdin = new PassThrough();
  const stderr = new PassThrough();
  let written = '';
  stderr.on('data', (chunk: Buffer) => (written += chunk.toString()));
  const pending = askChoice(servers, { stdin, stderr }, timeoutMs);
  if (input !== null) stdin.write(input);
  if (end) stdin.end();
  return { choice: await pending, written };
}

describe('askChoice', () => {
  const servers = [listing('a'), listing('b', true), listing('c')];

  it.each([
    ['y\n', ['a', 'c']],
    ['all\n', ['a', 'c']],
    ['2\n', ['b']],
    ['1-2\n', ['a', 'b']],
    ['3,1\n', ['a', 'c']],
    ['n\n', []],
    // A last line without its line break is still an answer.
    ['3', ['c']],
  ])('%j chooses %j', async (input, names) => {
    const { choice, written } = await ask(servers, input);
    expect(choice).toEqual({ kind: 'chosen', ids: names.map((name) => `cursor:/h/.cursor/mcp.json:1:${name}`) });
    expect(written).toContain(`[y = all 2 enabled, n = none, or numbers like 1,3-5]: ${input.trim()}\n`);
  });

  it.each([
    ['4\n', 'the answer "4" is not usable: 4 is outside 1-3'],
    ['\n', 'stdin gave an empty line, not an answer'],
    ['', 'stdin ended without an answer'],
  ])('%j is refused with what to type', async (input, message) => {
    const { choice } = await ask(servers, input);
    expect(choice.kind).toBe('refused');
    if (choice.kind !== 'refused') return;
    expect(choice.message).toContain(`${message}; nothing launched.`);
    expect(choice.hint).toContain('Valid numbers: 1-3 (1 a, 2 b (disabled), 3 c)');
  });

  it('gives up, launching nothing, when stdin stays open and silent', async () => {
    const { choice } = await ask(servers, null, false, 30);
    expect(choice.kind).toBe('refused');
    expect(choice.kind === 'refused' ? choice.message : '').toContain('no answer within 30 ms; nothing launched.');
  });
});

describe('validNumbers', () => {
  it('spells out the first 30 servers and the last number', () => {
    const many = Array.from({ length: 40 }, (_, i) => listing(`s${i + 1}`));
    expect(validNumbers(many)).toMatch(/^1-40 \(1 s1, 2 s2, .*, 30 s30, \.\.\. 40\)$/);
    expect(validNumbers([listing('only')])).toBe('1 (1 only)');
  });
});
