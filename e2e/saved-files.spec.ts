// Every file the product writes opens in the product: the single report, the Your servers batch
// ("All reports JSON"), an approved contract (History: Approve as contract) and the OAuth check's
// JSON, each downloaded from the dashboard and opened again with "Open a saved report", each shown
// in its own view; a file it cannot use gets a message a person reads.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { startSignInFixture } from '../test/fixtures/signin-server.mjs';
import { expectNoViolations } from './axe';
import { E2E_TOKEN } from './browser';
import { DashboardPage } from './dashboard-page';
import { E2E_SCAN_HOME } from './scan-home';

const ROOT = process.cwd();
const RAW = join(ROOT, 'test/fixtures/raw-stdio-server.mjs');
const CONFIG = join(E2E_SCAN_HOME, '.config/Claude/claude_desktop_config.json');

/** Clicks `testId`, returns the downloaded file's name and path. */
async function downloadFrom(page: Page, testId: string): Promise<{ name: string; path: string }> {
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId(testId).first().click()]);
  return { name: download.suggestedFilename(), path: await download.path() };
}

async function openFile(page: Page, file: { name: string; path: string }): Promise<void> {
  await page.getByTestId('open-saved-report').setInputFiles({
    name: file.name,
    mimeType: 'application/json',
    buffer: readFileSync(file.path),
  });
}

test('a report and its approved contract, downloaded and opened again', async ({ page }) => {
  const dashboard = new DashboardPage(page);
  await dashboard.open();
  await dashboard.runDemo();
  const report = await downloadFrom(page, 'export-json');
  expect(report.name).toMatch(/^mcp-hintcheck-hintcheck-demo-community-\d{4}-\d{2}-\d{2}\.json$/);

  // History follows the audit just run: approve it as a contract.
  const approve = page.getByTestId('history-approve').first();
  await expect(approve).toBeVisible({ timeout: 20_000 });
  const contract = await downloadFrom(page, 'history-approve');
  expect(contract.name).toMatch(/^mcp-hintcheck-contract-hintcheck-demo-community-\d{4}-\d{2}-\d{2}\.json$/);
  const approved = page.getByTestId('history-approved');
  await expect(approved).toHaveAttribute('data-ok', 'true');
  await expect(approved).toContainText('approved as the contract of hintcheck-demo-community: 16 tools pinned');
  await expect(approved).toContainText(`saved as ${contract.name}`);

  await page.reload();
  await openFile(page, report);
  await expect(page.getByTestId('report')).toContainText(`Saved audit report: ${report.name}`);
  await expect(page.getByTestId('rows-shown')).toHaveText('16 of 16 tools');

  await openFile(page, contract);
  const view = page.getByTestId('saved-contract');
  await expect(view).toBeVisible();
  await expect(page.getByTestId('report')).toHaveCount(0);
  await expect(view).toContainText(`Approved contract: ${contract.name}`);
  await expect(page.getByTestId('saved-contract-about')).toContainText('This is a contract');
  await expect(page.getByTestId('saved-contract-about')).toContainText(
    `mcp-hintcheck verify --contract ${contract.name}`,
  );
  await expect(page.getByTestId('saved-contract-pins')).toContainText('16');
  await expect(page.getByTestId('saved-contract-tool')).toHaveCount(16);
  await expect(page.locator('[data-testid="saved-contract-tool"]', { hasText: 'summarize_feedback' })).toBeVisible();
  await expectNoViolations(page, 'saved contract');

  // A file it cannot use: what it is and what to open, never a schema path.
  await page.getByTestId('open-saved-report').setInputFiles({
    name: 'edited.json',
    mimeType: 'application/json',
    buffer: Buffer.from(JSON.stringify({ ...JSON.parse(readFileSync(report.path, 'utf8')), tools: [{ name: 7 }] })),
  });
  const error = page.getByTestId('saved-report-error');
  await expect(error).toContainText('edited.json looks like an mcp-hintcheck report, but');
  await expect(error).toContainText('changed or cut short after it was saved. Audit the server again');
  await expect(error).toContainText('tool 1');
  await expect(error).not.toContainText('tools.0');
  await page.getByTestId('open-saved-report').setInputFiles({
    name: 'notes.json',
    mimeType: 'application/json',
    buffer: Buffer.from('{"todo":["read the report"]}'),
  });
  await expect(error).toContainText('notes.json is JSON, but not a file mcp-hintcheck writes');
  await expect(error).toContainText('Approve as contract');
  await expectNoViolations(page, 'a file it cannot use');
});

test('the Your servers batch ("All reports JSON"), opened again: each report opens from its list', async ({ page }) => {
  mkdirSync(dirname(CONFIG), { recursive: true });
  writeFileSync(
    CONFIG,
    JSON.stringify({
      mcpServers: {
        'notes-server': { command: process.execPath, args: [RAW, 'basic'] },
        'gone-server': { command: '/nonexistent/hintcheck-e2e-server' },
      },
    }),
  );
  await page.goto(`/servers#token=${E2E_TOKEN}`);
  await page.getByRole('checkbox', { name: /Audit notes-server/ }).check();
  await page.getByRole('checkbox', { name: /Audit gone-server/ }).check();
  await page.getByTestId('start-batch').click();
  await expect(page.getByTestId('export-all-json')).toBeVisible({ timeout: 45_000 });
  await expect(page.locator('[data-testid="overview-row"][data-name="notes-server"]')).toHaveAttribute(
    'data-state',
    'ok',
    { timeout: 45_000 },
  );
  const batch = await downloadFrom(page, 'export-all-json');

  const dashboard = new DashboardPage(page);
  await dashboard.open();
  await openFile(page, batch);
  const view = page.getByTestId('saved-batch');
  await expect(view).toContainText(`Saved servers: ${batch.name}`);
  const notes = page.locator('[data-testid="saved-batch-server"]', { hasText: 'notes-server' });
  const gone = page.locator('[data-testid="saved-batch-server"]', { hasText: 'gone-server' });
  await expect(notes).toContainText('8 tools');
  await expect(gone.getByTestId('saved-batch-failure')).toContainText('did not list its tools');
  await expect(gone).not.toContainText('0 tools');
  await notes.getByTestId('saved-batch-open').click();
  await expect(page.getByTestId('report')).toContainText(`Saved audit report: ${batch.name}: notes-server`);
  await expect(page.getByTestId('rows-shown')).toHaveText('8 of 8 tools');
  await expect(view).toBeVisible();
  await expectNoViolations(page, 'saved batch with a report open');
  // The server that could not start opens as the failure it was.
  await gone.getByTestId('saved-batch-open').click();
  await expect(page.getByTestId('audit-failure')).toBeVisible();
});

test('the OAuth check JSON of a protected server, opened again', async ({ page }) => {
  const server = await startSignInFixture();
  try {
    const dashboard = new DashboardPage(page);
    await dashboard.open();
    await page.getByTestId('target-url').fill(server.mcpUrl);
    await page.getByTestId('run-url').click();
    await expect(page.getByTestId('oauth-panel')).toBeVisible({ timeout: 20_000 });
    const oauth = await downloadFrom(page, 'export-oauth-json');
    await page.reload();
    await openFile(page, oauth);
    await expect(page.getByTestId('saved-oauth')).toContainText(`Saved OAuth check: ${oauth.name}`);
    await expect(page.getByTestId('oauth-panel')).toContainText(server.issuer);
  } finally {
    await server.close();
  }
});
