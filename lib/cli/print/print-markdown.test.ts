// Markdown from server text (issue 20): no link a code host would make of plain text (a URL scheme,
// `www.`), no `@` mention or e-mail link, no control character; the text stays readable.
import { describe, expect, it } from 'vitest';
import { markdownText } from './print-markdown';

/** What GitHub-flavoured Markdown would link or ping in plain text. */
const LINKABLE = /[A-Za-z][A-Za-z0-9+.-]*:\/\/|\bwww\.|@[A-Za-z0-9]/i;

describe('markdownText', () => {
  it.each([
    ['Ask @org/team for access', 'Ask @&#8203;org/team for access'],
    ['cc @alice', 'cc @&#8203;alice'],
    ['mail admin@example.com', 'mail admin@&#8203;example.com'],
    ['Fetches https://evil.example/x', 'Fetches https\\[:\\]//evil.example/x'],
    ['see www.evil.example now', 'see www\\[.\\]evil.example now'],
    ['HTTP://UPPER.example', 'HTTP\\[:\\]//UPPER.example'],
    ['javascript://x and ftp://y', 'javascript\\[:\\]//x and ftp\\[:\\]//y'],
    ['[click](https://evil.example)', '\\[click\\](https\\[:\\]//evil.example)'],
    ['<https://evil.example>', '&lt;https\\[:\\]//evil.example&gt;'],
    ['plain text: a:b, 10:30', 'plain text: a:b, 10:30'],
    ['esc\u001b]8;;https://x\u0007', 'esc\\u{1b}\\]8;;https\\[:\\]//x\\u{7}'],
  ])('%j', (input, expected) => {
    expect(markdownText(input, 400)).toBe(expected);
    expect(markdownText(input, 400)).not.toMatch(LINKABLE);
  });
});
