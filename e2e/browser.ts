import { existsSync } from 'node:fs';
import { productEnv } from '../lib/core/product';

const SYSTEM_CHROMIUM = '/usr/bin/chromium';

/**
 * The Chromium binary Playwright should launch: HINTCHECK_CHROMIUM if set, else the system Chromium if installed, else undefined (Playwright's own).
 */
export function chromiumExecutablePath(): string | undefined {
  const fromEnv = productEnv(process.env, 'CHROMIUM')?.value;
  if (fromEnv !== undefined && fromEnv !== '') {
    return fromEnv;
  }
  if (existsSync(SYSTEM_CHROMIUM)) {
    return SYSTEM_CHROMIUM;
  }
  return undefined;
}

/** The dashboard's port in e2e runs: E2E_PORT, so parallel checkouts do not collide, else 3217. */
export const E2E_PORT = Number(process.env.E2E_PORT ?? '3217');

/** The session token the e2e server is started with (tests open /#token=... like a user would). */
export const E2E_TOKEN = 'e2e-token-not-secret-0123456789';
