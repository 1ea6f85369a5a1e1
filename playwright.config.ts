import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { E2E_PORT, E2E_TOKEN, chromiumExecutablePath } from './e2e/browser';
import { E2E_SCAN_CANARY, E2E_SCAN_HOME, E2E_SCAN_PROJECT } from './e2e/scan-home';

const PORT = E2E_PORT;
const HOST = '127.0.0.1';
const baseURL = process.env.PLAYWRIGHT_BASE_URL ?? `http://${HOST}:${PORT}`;
const executablePath = chromiumExecutablePath();

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: 'list',
  use: {
    baseURL,
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: {
          ...(executablePath === undefined ? {} : { executablePath }),
          args: [
            '--no-sandbox',
            '--disable-gpu',
            '--disable-quic',
            '--no-first-run',
            '--disable-background-networking',
            '--disable-component-update',
            '--disable-sync',
          ],
        },
      },
    },
  ],
  // The real production server: access control in front of the Next.js build (npm run build first).
  webServer: {
    command: `node dist/serve.mjs --port ${PORT}`,
    url: `http://${HOST}:${PORT}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    // Its own history file per run, never the user's.
    env: {
      NEXT_TELEMETRY_DISABLED: '1',
      HINTCHECK_TOKEN: E2E_TOKEN,
      HINTCHECK_DB: join(tmpdir(), `hintcheck-e2e-${process.pid}`, 'history.db'),
      HINTCHECK_SCAN_HOME: E2E_SCAN_HOME,
      HINTCHECK_PROJECT: E2E_SCAN_PROJECT,
      E2E_SCAN_CANARY,
    },
  },
});
