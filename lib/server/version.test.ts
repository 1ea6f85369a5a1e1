import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { GENERATOR } from './version';

it('names the package version from package.json', () => {
  const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
    name: string;
    version: string;
  };
  expect(GENERATOR).toEqual({ name: pkg.name, version: pkg.version });
});
