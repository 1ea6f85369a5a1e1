// The files the repository tracks (issue 49): no empty leftover of a test run (an empty startup.log a
// fixture server once wrote into the checkout was tracked at the root), only .gitkeep placeholders.
import { execFileSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { basename, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from './helpers';

const GIT_CHECKOUT = existsSync(join(ROOT, '.git'));

describe.skipIf(!GIT_CHECKOUT)('the tracked files', () => {
  it('holds no empty file but a .gitkeep', () => {
    const tracked = execFileSync('git', ['ls-files', '-z'], { cwd: ROOT, encoding: 'utf8' }).split('\0');
    const empty = tracked.filter((file) => {
      const path = join(ROOT, file);
      return file !== '' && existsSync(path) && statSync(path).isFile() && statSync(path).size === 0;
    });
    expect(empty.filter((file) => basename(file) !== '.gitkeep')).toEqual([]);
    expect(empty.length).toBeGreaterThan(0);
  });
});
