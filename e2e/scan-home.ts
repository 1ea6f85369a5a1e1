// Where the e2e dashboard reads client configurations ("Your servers"): a HOME and a project folder
// of its own, per port, written by e2e/servers.spec.ts. The canary is a value in the dashboard's
// environment that a configuration references: it must never reach the page.
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { E2E_PORT } from './browser';

export const E2E_SCAN_HOME = join(tmpdir(), `hintcheck-e2e-scan-${E2E_PORT}`, 'home');
export const E2E_SCAN_PROJECT = join(tmpdir(), `hintcheck-e2e-scan-${E2E_PORT}`, 'project');
export const E2E_SCAN_CANARY = 'e2e-scan-canary-61f0c2d9ab';
