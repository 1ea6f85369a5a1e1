import { describe, expect, it } from 'vitest';
import { execWords } from './exec-words';

describe('execWords', () => {
  it.each([
    [
      'an execve',
      '812 1.5 execve("/usr/bin/kubectl", ["kubectl", "get", "pods"], 0x7ffd /* 9 vars */) = 0',
      ['get', 'pods'],
    ],
    ['an execveat', 'execveat(AT_FDCWD, "/bin/git", ["git", "log", "-n", "1"], 0x1, 0) = 0', ['log', '-n', '1']],
    ['escapes undone', 'execve("/bin/sh", ["sh", "-c", "echo \\"hi\\"\\n"], 0x1) = 0', ['-c', 'echo "hi"\n']],
    ['a line cut at the cap', 'execve("/bin/git", ["git", "status", "--porc…', ['status']],
    ['no argument list', 'snapshot: ./x differs', []],
  ])('%s', (_name, line, words) => {
    expect(execWords(line)).toEqual(words);
  });
});
