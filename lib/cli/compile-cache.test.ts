import { describe, expect, it } from 'vitest';
import { cacheDirProblem, cacheDirStatProblem, compileCacheDir, visibleControls } from './compile-cache';

describe('compileCacheDir', () => {
  it.each([
    ['linux', {}, '/home/u/.cache/mcp-hintcheck'],
    ['linux', { XDG_CACHE_HOME: '/xdg' }, '/xdg/mcp-hintcheck'],
    ['linux', { XDG_CACHE_HOME: 'relative' }, '/home/u/.cache/mcp-hintcheck'],
    ['freebsd', {}, '/home/u/.cache/mcp-hintcheck'],
    ['darwin', {}, '/home/u/Library/Caches/mcp-hintcheck'],
    [
      'win32',
      { LOCALAPPDATA: 'C:\\Users\\u\\AppData\\Local' },
      'C:\\Users\\u\\AppData\\Local\\mcp-hintcheck\\compile-cache',
    ],
    ['linux', { HINTCHECK_COMPILE_CACHE: '/tmp/cc' }, '/tmp/cc'],
    ['linux', { HINTCHECK_COMPILE_CACHE: '' }, '/home/u/.cache/mcp-hintcheck'],
    ['linux', { HINTCHECK_COMPILE_CACHE: 'off' }, null],
  ] as const)('%s %j', (platform, env, expected) => {
    expect(compileCacheDir(env, platform, '/home/u')).toBe(expected);
  });
});

const entry = (kind: 'folder' | 'file' | 'link', uid: number, mode: number) => ({
  uid,
  mode,
  isSymbolicLink: () => kind === 'link',
  isDirectory: () => kind === 'folder',
});

describe('cacheDirProblem', () => {
  it.each([
    ['/tmp/cc', 'linux', false],
    ['.hintcheck-cache', 'linux', true],
    ['./cache', 'darwin', true],
    ['C:\\cache', 'win32', false],
    ['cache', 'win32', true],
  ] as const)('%s on %s', (dir, platform, refused) => {
    expect(cacheDirProblem(dir, platform) !== null).toBe(refused);
  });
});

describe('cacheDirStatProblem', () => {
  it.each([
    [entry('folder', 1000, 0o40700), null],
    [entry('folder', 1000, 0o40755), null],
    [entry('folder', 1000, 0o40770), 'is writable by group or others (mode 0770)'],
    [entry('folder', 1000, 0o41777), 'is writable by group or others (mode 1777)'],
    [entry('folder', 65534, 0o40700), 'belongs to another user (uid 65534)'],
    [entry('link', 1000, 0o120777), 'is a symbolic link'],
    [entry('file', 1000, 0o100600), 'is not a folder'],
  ] as const)('%#', (stat, expected) => {
    expect(cacheDirStatProblem(stat, 1000)).toBe(expected);
  });
  it('checks only the kind where there are no owners (Windows)', () => {
    expect(cacheDirStatProblem(entry('folder', 0, 0o40777), null)).toBeNull();
    expect(cacheDirStatProblem(entry('link', 0, 0o40777), null)).toBe('is a symbolic link');
  });
});

describe('visibleControls', () => {
  it('shows escape sequences and line breaks as text', () => {
    expect(visibleControls('/tmp/\u001b]0;x\u0007\n')).toBe('/tmp/\\u{1b}]0;x\\u{7}\\u{a}');
  });
});
