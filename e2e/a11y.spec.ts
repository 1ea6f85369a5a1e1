// axe-core on every state of the dashboard at 1,280 and 390 px, light and dark (expectNoViolationsEverywhere):
// empty, report (its skip link shown), row open, glossary, saved report, progress, cancelled, failure, OAuth check,
// protected server, hosted report, History and its diff, Your servers (a listing with a project entry, a finished batch).
// Zero violations (WCAG 2.x A and AA rules, best practices). One audit serves the four checks of a state.
// The behaviour panel (exercise.spec.ts) and the signed-in report (sign-in.spec.ts) are checked where
// those flows already run.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { startOAuthFixture } from '../test/fixtures/oauth-server.mjs';
import { startSignInFixture } from '../test/fixtures/signin-server.mjs';
import { AXE_VIEWPORTS, expectNoViolationsEverywhere } from './axe';
import { E2E_TOKEN } from './browser';
import { DashboardPage } from './dashboard-page';
import { HistoryPanel } from './history-page';
import { E2E_SCAN_HOME, E2E_SCAN_PROJECT } from './scan-home';

const FIXTURE = 'node test/fixtures/raw-stdio-server.mjs';
const DRIFT = 'node test/fixtures/drift-server.mjs';

interface McpFixture {
  url: string;
  close(): Promise<void>;
}
const httpFixtures = (await import(new URL('../test/fixtures/http-server.mjs', import.meta.url).href)) as {
  startFixture(scenario: string): Promise<McpFixture>;
};

test('empty, report with the skip link shown, row open, glossary', async ({ page }) => {
  test.setTimeout(240_000);
  const dashboard = new DashboardPage(page);
  await dashboard.open();
  await expectNoViolationsEverywhere(page, 'empty');
  await dashboard.runDemo();
  await expect(page.getByTestId('report-heading')).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByTestId('skip-to-table')).toBeFocused();
  await expectNoViolationsEverywhere(page, 'report, skip link focused');
  await dashboard.row('summarize_feedback').click();
  await expect(page.getByTestId('tool-details')).toBeVisible();
  await expectNoViolationsEverywhere(page, 'row open');
  await page.getByTestId('open-glossary').click();
  await expect(page.getByTestId('glossary')).toBeVisible();
  await expectNoViolationsEverywhere(page, 'glossary');
});

test('a saved report of an older build, refused', async ({ page }) => {
  test.setTimeout(120_000);
  const dashboard = new DashboardPage(page);
  await dashboard.open();
  await page
    .getByTestId('open-saved-report')
    .setInputFiles(fileURLToPath(new URL('../test/fixtures/reports/v1-before-risk.json', import.meta.url)));
  await expect(page.getByTestId('saved-report-error')).toContainText('written by an older build');
  await expectNoViolationsEverywhere(page, 'saved report (refused)');
});

test('progress, cancelled and failure', async ({ page }) => {
  test.setTimeout(240_000);
  const dashboard = new DashboardPage(page);
  await dashboard.open();
  // One audit per width: the audit of a server that never lists gives up after its request timeout.
  for (const viewport of AXE_VIEWPORTS) {
    await page.setViewportSize(viewport);
    await dashboard.runCommand(`${FIXTURE} hang-list`);
    await expect(page.getByTestId('cancel-audit')).toBeVisible();
    await expectNoViolationsEverywhere(page, 'progress', [viewport]);
    await page.getByTestId('cancel-audit').click();
    await expect(page.getByTestId('audit-progress')).toHaveAttribute('data-status', 'cancelled');
    await expectNoViolationsEverywhere(page, 'cancelled', [viewport]);
  }
  await dashboard.runCommand(`${FIXTURE} exit-early`);
  await expect(page.getByTestId('audit-failure')).toBeVisible({ timeout: 30_000 });
  await expectNoViolationsEverywhere(page, 'error');
});

test('hosted: OAuth check, a protected server, an open server with its tools', async ({ page }) => {
  test.setTimeout(240_000);
  const dashboard = new DashboardPage(page);
  await dashboard.open();
  const checkUrl = async (url: string): Promise<void> => {
    await page.getByTestId('target-url').fill(url);
    await page.getByTestId('run-url').click();
  };
  const oauth = await startOAuthFixture('single-admin-scope');
  try {
    await checkUrl(oauth.url);
    await expect(page.getByTestId('oauth-panel')).toBeVisible({ timeout: 20_000 });
    await expectNoViolationsEverywhere(page, 'OAuth check');
  } finally {
    await oauth.close();
  }
  const protectedServer = await startSignInFixture();
  try {
    await checkUrl(protectedServer.mcpUrl);
    await expect(page.getByTestId('sign-in-start')).toBeVisible({ timeout: 20_000 });
    await expectNoViolationsEverywhere(page, 'protected server, sign-in offered');
  } finally {
    await protectedServer.close();
  }
  const open = await httpFixtures.startFixture('mcp');
  try {
    await checkUrl(open.url);
    await dashboard.waitForReport();
    await expect(dashboard.row('read_note')).toBeVisible();
    await expectNoViolationsEverywhere(page, 'hosted report');
  } finally {
    await open.close();
  }
});

test('History and the diff of two audits', async ({ page }) => {
  test.setTimeout(240_000);
  const dashboard = new DashboardPage(page);
  const history = new HistoryPanel(page);
  for (const surface of ['v1', 'v2']) {
    await page.goto('about:blank');
    await dashboard.open();
    await dashboard.runCommand(DRIFT, { DRIFT_SURFACE: surface });
    await dashboard.waitForReport();
  }
  await expect.poll(() => history.shownServer()).toContain('drift-fixture');
  // Both audits listed (the view loads them after each audit).
  await expect.poll(async () => (await history.auditIds()).length).toBeGreaterThanOrEqual(2);
  const ids = await history.auditIds();
  await expectNoViolationsEverywhere(page, 'History');
  await history.compare(ids[1] ?? 0, ids[0] ?? 0);
  await expect(history.changes().first()).toBeVisible();
  await expectNoViolationsEverywhere(page, 'History diff');
});

test('Your servers: a listing with a project entry, a finished batch', async ({ page }) => {
  test.setTimeout(240_000);
  const node = process.execPath;
  const raw = join(process.cwd(), 'test/fixtures/raw-stdio-server.mjs');
  const write = (file: string, data: unknown): void => {
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, JSON.stringify(data, null, 2));
  };
  rmSync(dirname(E2E_SCAN_HOME), { recursive: true, force: true });
  write(join(E2E_SCAN_HOME, '.config/Claude/claude_desktop_config.json'), {
    mcpServers: { 'notes-server': { command: node, args: [raw, 'basic'] }, broken: { command: 42 } },
  });
  write(join(E2E_SCAN_HOME, '.cursor/mcp.json'), {
    mcpServers: { paged: { command: node, args: [raw, 'paged'] } },
  });
  write(join(E2E_SCAN_PROJECT, '.mcp.json'), {
    mcpServers: { 'project-notes': { command: node, args: [raw, 'basic'] } },
  });
  try {
    await page.goto(`/servers?token=${E2E_TOKEN}`);
    await expect(page.getByTestId('server-row')).toHaveCount(3);
    await expectNoViolationsEverywhere(page, 'Your servers');
    await page.getByRole('checkbox', { name: /Audit notes-server/ }).check();
    await page.getByRole('checkbox', { name: /Audit paged/ }).check();
    await page.getByTestId('start-batch').click();
    await expect(page.locator('[data-testid="overview-row"][data-state="ok"]')).toHaveCount(2, { timeout: 45_000 });
    await expectNoViolationsEverywhere(page, 'Your servers, batch done');
  } finally {
    rmSync(dirname(E2E_SCAN_HOME), { recursive: true, force: true });
  }
});
