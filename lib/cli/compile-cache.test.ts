import { describe, expect, it } from 'vitest';
import { compileCacheDir, compileCacheName, compileCachePrefix } from './compile-cache';

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

describe('compileCacheName', () => {
  it('changes with the bundle build and the Node.js version, and only with them', () => {
    const name = compileCacheName('rest', { size: 938_553, mtimeMs: 1_796_000_000_123.7 }, 'v20.20.2', 'x64');
    expect(name).toMatch(/^cli-rest-[0-9a-z]+-[0-9a-z]+-v20\.20\.2-x64\.v8$/);
    expect(name.startsWith(compileCachePrefix('rest'))).toBe(true);
    expect(compileCacheName('rest', { size: 938_553, mtimeMs: 1_796_000_000_123.2 }, 'v20.20.2', 'x64')).toBe(name);
    expect(compileCacheName('main', { size: 938_553, mtimeMs: 1_796_000_000_123.7 }, 'v20.20.2', 'x64')).not.toBe(name);
    expect(compileCacheName('rest', { size: 938_554, mtimeMs: 1_796_000_000_123.7 }, 'v20.20.2', 'x64')).not.toBe(name);
    expect(compileCacheName('rest', { size: 938_553, mtimeMs: 1_796_000_001_000 }, 'v20.20.2', 'x64')).not.toBe(name);
    expect(compileCacheName('rest', { size: 938_553, mtimeMs: 1_796_000_000_123.7 }, 'v22.1.0', 'x64')).not.toBe(name);
  });
});
