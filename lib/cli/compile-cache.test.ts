import { describe, expect, it } from 'vitest';
import {
  OWN_CACHE_FILE,
  cacheDirProblem,
  cacheEntryProblem,
  compileCacheDir,
  compileCacheName,
  visibleControls,
} from './compile-cache';

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

const SHA = 'ab'.repeat(32);
const entry = (kind: 'file' | 'folder' | 'link', uid: number, mode: number) => ({
  uid,
  mode,
  isSymbolicLink: () => kind === 'link',
  isDirectory: () => kind === 'folder',
  isFile: () => kind === 'file',
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

describe('cacheEntryProblem', () => {
  it.each([
    [entry('folder', 1000, 0o40700), 'folder', null],
    [entry('folder', 1000, 0o40755), 'folder', null],
    [entry('folder', 1000, 0o40770), 'folder', 'is writable by group or others (mode 0770)'],
    [entry('folder', 1000, 0o41777), 'folder', 'is writable by group or others (mode 1777)'],
    [entry('folder', 65534, 0o40700), 'folder', 'belongs to another user (uid 65534)'],
    [entry('link', 1000, 0o120777), 'folder', 'is a symbolic link'],
    [entry('file', 1000, 0o100600), 'folder', 'is not a folder'],
    [entry('file', 1000, 0o100600), 'file', null],
    [entry('file', 1000, 0o100602), 'file', 'is writable by group or others (mode 0602)'],
    [entry('file', 0, 0o100600), 'file', 'belongs to another user (uid 0)'],
  ] as const)('%#', (stat, kind, expected) => {
    expect(cacheEntryProblem(stat, kind, 1000)).toBe(expected);
  });
  it('checks only the kind where there are no owners (Windows)', () => {
    expect(cacheEntryProblem(entry('file', 0, 0o100666), 'file', null)).toBeNull();
    expect(cacheEntryProblem(entry('link', 0, 0o100666), 'file', null)).toBe('is a symbolic link');
  });
});

describe('compileCacheName', () => {
  it('is bound to the content, the Node.js version and the architecture, and matches OWN_CACHE_FILE', () => {
    const name = compileCacheName('rest', SHA, 'v20.20.2', 'x64');
    expect(name).toBe(`cli-rest-${SHA}-v20.20.2-x64.v8`);
    expect(OWN_CACHE_FILE.test(name)).toBe(true);
    expect(OWN_CACHE_FILE.test(`${name}.${'0f'.repeat(12)}.tmp`)).toBe(true);
    expect(compileCacheName('rest', 'cd'.repeat(32), 'v20.20.2', 'x64')).not.toBe(name);
    expect(compileCacheName('rest', SHA, 'v22.1.0', 'x64')).not.toBe(name);
    expect(compileCacheName('rest', SHA, 'v20.20.2', 'arm64')).not.toBe(name);
    expect(() => compileCacheName('rest', 'not-a-hash', 'v20.20.2', 'x64')).toThrow();
  });
  it('OWN_CACHE_FILE leaves files of other layouts and other programs alone', () => {
    for (const name of [
      'cli-main-1a2b-3c4d-v20.20.2-x64.v8',
      'cli-rest-of-an-earlier-build.v8',
      `cli-rest-${SHA}-v20.20.2-x64.v8.1234.tmp`,
      'not-ours.txt',
      `other-${SHA}-v20.20.2-x64.v8`,
    ])
      expect(OWN_CACHE_FILE.test(name)).toBe(false);
  });
});

describe('visibleControls', () => {
  it('shows escape sequences and line breaks as text', () => {
    expect(visibleControls('/tmp/\u001b]0;x\u0007\n')).toBe('/tmp/\\u{1b}]0;x\\u{7}\\u{a}');
  });
});
