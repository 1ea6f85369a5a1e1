import { describe, expect, it } from 'vitest';
import { nearMiss, oneEditApart } from './near-miss';

describe('nearMiss', () => {
  it.each<[string, string, string | null]>([
    // Squatting as the public collections show it (MCPSecBench: compute_ beside compute, check_sig_ beside check_sig).
    ['compute_', 'compute', 'a separator at the start or end'],
    ['check_sig_', 'check_sig', 'a separator at the start or end'],
    ['_search', 'search', 'a separator at the start or end'],
    ['getfile', 'get_file', 'separators'],
    ['GetFile', 'get_file', 'separators and letter case'],
    ['cаlculate', 'calculate', 'look-alike letters (Cyrillic а (U+0430))'],
    ['cοmpute', 'compute', 'look-alike letters (Greek ο (U+03BF))'],
    ['ｃｏｍｐｕｔｅ', 'compute', 'full-width or compatibility letters'],
    ['serach_docs', 'search_docs', 'one character'],
    ['send_emails_', 'send_email', null],
    // The same name as hosts compare names: a collision or shadowing, not a near miss.
    ['Read', 'read', null],
    ['get-file', 'get_file', null],
    // Ordinary names on real servers.
    ['get_file', 'get_files', null],
    ['list_issues', 'list_issue_comments', null],
    ['search_match', 'search_matches', null],
    ['list_v1', 'list_v2', null],
    ['add', 'and', null],
    ['slack', 'stack', 'one character'],
  ])('%s beside %s: %s', (a, b, expected) => {
    expect(nearMiss(a, b)).toBe(expected);
  });

  it.each<[string, string, boolean]>([
    ['abcde', 'abcdf', true],
    ['abcde', 'abde', true],
    ['abcde', 'abced', true],
    ['abcde', 'abcde', false],
    ['abcde', 'badce', false],
    ['abcde', 'abxye', false],
  ])('oneEditApart(%s, %s) is %s', (a, b, expected) => {
    expect(oneEditApart(a, b)).toBe(expected);
  });
});
