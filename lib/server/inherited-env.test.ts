import { DEFAULT_INHERITED_ENV_VARS as SDK_DEFAULT } from '@modelcontextprotocol/sdk/client/stdio.js';
import { describe, expect, it } from 'vitest';
import { DEFAULT_INHERITED_ENV_VARS, inheritedEnvVars } from './inherited-env';

describe('inherited environment allowlist', () => {
  it("is the SDK's on this platform", () => {
    expect(DEFAULT_INHERITED_ENV_VARS).toEqual(SDK_DEFAULT);
  });

  it.each([
    ['linux', 'HOME', true],
    ['darwin', 'HOME', true],
    ['win32', 'SYSTEMROOT', true],
    ['win32', 'HOME', false],
    ['linux', 'SYSTEMROOT', false],
  ] as const)('on %s, %s passes: %s', (platform, name, passes) => {
    expect(inheritedEnvVars(platform).includes(name)).toBe(passes);
  });
});
