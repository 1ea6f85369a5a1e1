import { describe, expect, it } from 'vitest';
import { explainingLines, missingVariableNames } from './stderr';

const CANNOT_FIND = `node:internal/modules/cjs/loader:1228
  throw err;
  ^

Error: Cannot find module '/tmp/nope/index.js'
    at Module._resolveFilename (node:internal/modules/cjs/loader:1225:15)
    at Module._load (node:internal/modules/cjs/loader:1051:27)
    at Function.executeUserEntryPoint [as runMain] (node:internal/modules/run_main:174:12)
    at node:internal/main/run_main_module:28:49 {
  code: 'MODULE_NOT_FOUND',
  requireStack: []
}

Node.js v22.11.0`;

describe('explainingLines', () => {
  it('keeps the line that explains a failure above a stack trace', () => {
    const lines = explainingLines(CANNOT_FIND, 5);
    expect(lines).toContain("Error: Cannot find module '/tmp/nope/index.js'");
    expect(lines.some((line) => line.trimStart().startsWith('at '))).toBe(false);
  });
  it.each<[string, string[]]>([
    ['one\ntwo\nthree', ['one', 'two', 'three']],
    ['a\nb\nc\nd\ne\nf\ng', ['c', 'd', 'e', 'f', 'g']],
    ['', []],
  ])('%j', (text, expected) => {
    expect(explainingLines(text, 5)).toEqual(expected);
  });
});

describe('missingVariableNames', () => {
  it.each<[string, string[]]>([
    ['Error: BRAVE_API_KEY environment variable is required', ['BRAVE_API_KEY']],
    ['GITHUB_PERSONAL_ACCESS_TOKEN not set', ['GITHUB_PERSONAL_ACCESS_TOKEN']],
    ['Missing env: SLACK_BOT_TOKEN, SLACK_TEAM_ID', ['SLACK_BOT_TOKEN', 'SLACK_TEAM_ID']],
    ['Server started on PORT_NUMBER 3000', []],
    ["Error: Cannot find module 'x' code: 'MODULE_NOT_FOUND'", []],
    ['ERR_INVALID_ARG_TYPE is required', []],
  ])('%j', (text, names) => {
    expect(missingVariableNames(text)).toEqual(names);
  });
});
