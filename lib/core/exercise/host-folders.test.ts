import { describe, expect, it } from 'vitest';
import { folderWord, hostFolderText, leftOutBecause, secretLooking } from './host-folders';

describe('secretLooking: names that hold credentials by convention', () => {
  it.each([
    ['.env', true],
    ['.env.local', true],
    ['id_ed25519', true],
    ['id_rsa.pub', true],
    ['server.pem', true],
    ['tls.key', true],
    ['.npmrc', true],
    ['.netrc', true],
    ['credentials', true],
    ['credentials.json', true],
    ['.ssh', true],
    ['secrets.yaml', true],
    ['notes.txt', false],
    ['environment.md', false],
    ['identity.ts', false],
    ['keyboard.json', false],
    ['README.md', false],
  ])('%s → %s', (name, secret) => {
    expect(secretLooking(name) !== null).toBe(secret);
  });
});

describe('leftOutBecause', () => {
  it.each([
    ['.env', 'file', /secret-looking/],
    ['link', 'link', /symbolic link/],
    ['fifo', 'other', /not a regular file/],
    ['node_modules', 'dir', /installed packages/],
    ['hintcheck-sample.txt', 'file', /plants a file of this name/],
  ] as const)('%s (%s) is left out', (name, kind, reason) => {
    expect(leftOutBecause(name, kind, new Set(['hintcheck-sample.txt']))).toMatch(reason);
  });
  it('copies an ordinary file or folder', () => {
    expect(leftOutBecause('notes.txt', 'file')).toBeNull();
    expect(leftOutBecause('src', 'dir')).toBeNull();
  });
});

describe('folderWord: the part of a command-line word that may name a folder', () => {
  it.each([
    ['/srv/data', { prefix: '', value: '/srv/data' }],
    ['data', { prefix: '', value: 'data' }],
    ['--root=/srv/repo', { prefix: '--root=', value: '/srv/repo' }],
    ['.', null],
    ['./', null],
    ['--root', null],
    ['--root=', null],
    ['--root=.', null],
    ['', null],
  ])('%s', (word, expected) => {
    expect(folderWord(word)).toEqual(expected);
  });
});

describe('hostFolderText', () => {
  it('names the copy, its size and what was left out, the rest counted', () => {
    const leftOut = Array.from({ length: 10 }, (_, i) => ({ path: `f${i}.pem`, reason: 'a key' }));
    const text = hostFolderText({ host: '/srv/x', sandbox: '/tmp/work', files: 1, bytes: 2048, leftOut });
    expect(text).toContain('/srv/x → /tmp/work (a copy: 1 file, 2 KiB; the host folder is never written)');
    expect(text).toContain('left out: f0.pem (a key)');
    expect(text).toContain('and 2 more');
    expect(hostFolderText({ host: '/a', sandbox: '/tmp/work', files: 0, bytes: 0, leftOut: [] })).not.toContain('left');
  });
});
