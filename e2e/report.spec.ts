// A report a reviewer can trust and hand on: risk order explained, honest cells, failure without
// zeros, keyboard and click, the view in the URL, a saved report reopened, print and narrow screens.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { DashboardPage } from './dashboard-page';

const FIXTURE = 'node test/fixtures/raw-stdio-server.mjs';
const OLD_REPORT = fileURLToPath(new URL('../test/fixtures/reports/v1-before-risk.json', import.meta.url));

test.describe('the report', () => {
  test('ranks the poisoned tool first and explains why', async ({ page }) => {
    const dashboard = new DashboardPage(page);
    await dashboard.open();
    await dashboard.runDemo();
    const names = await dashboard.rowNames();
    expect(names.indexOf('summarize_feedback')).toBeLessThan(5);
    const first = dashboard.row('summarize_feedback');
    await expect(first.getByTestId('risk-cell')).toContainText('#1');
    await expect(first.getByTestId('risk-cell')).toContainText('poisoning signal');
    // The whole row opens its details: click the name.
    await first.getByText('summarize_feedback').first().click();
    await expect(page.getByTestId('tool-details')).toBeVisible();
    await expect(page.getByTestId('risk-reason')).toContainText('Rank #1');
    // The risk order is explained once, in the glossary; the details link to it (issue 49).
    await expect(page.getByTestId('risk-reason')).not.toContainText('Tools are ordered by their worst flag severity');
    await page.getByTestId('risk-order-link').click();
    await expect(page.getByTestId('glossary')).toBeVisible();
    await expect(page.getByTestId('glossary-risk')).toBeInViewport();
    await page.getByTestId('close-glossary').click();
    await page.getByTestId('open-glossary').click();
    await expect(page.getByTestId('glossary-risk')).toContainText('4295 reads');
    await expect(page.getByTestId('glossary-inferred')).toContainText('never a declaration');
  });

  test('an unannotated tool shows the effect inferred from its name beside the spec defaults, never as declared', async ({
    page,
  }) => {
    const dashboard = new DashboardPage(page);
    await dashboard.open();
    await dashboard.runDemo();
    // run_automation sends no annotations; "Run a saved automation script" runs code: #2, under the poisoned tool.
    const row = dashboard.row('run_automation');
    await expect(row.getByTestId('risk-cell')).toContainText('#2');
    await row.getByText('run_automation').first().click();
    const note = page.getByTestId('inferred-effect');
    await expect(note).toContainText('Inferred effect, not declared');
    await expect(note).toContainText('inferred from its name ("run")');
    await expect(page.getByTestId('hint-table').locator('tr[data-hint="destructiveHint"]')).toContainText(
      'not sent: the spec default applies',
    );
    await expect(page.getByTestId('risk-reason')).toContainText('inferred destructive write');
  });

  test('shows what was sent beside the effective value', async ({ page }) => {
    const dashboard = new DashboardPage(page);
    await dashboard.open();
    await dashboard.runDemo();
    // Rows are virtualized against the window: filter so the row is rendered.
    await page.getByTestId('table-filter').fill('campaign');
    const archive = dashboard.row('archive_campaign');
    const destructive = archive.locator('[data-column="destructiveHint"] [data-source]');
    await expect(destructive).toHaveAttribute('data-source', 'not-applicable');
    await expect(destructive.getByTestId('hint-sent')).toHaveText('sent true');
    // Declared true and declared false look different on the risky side.
    await page.getByTestId('table-filter').fill('');
    const risky = dashboard.row('delete_quest').locator('[data-column="destructiveHint"] [data-risky]');
    const safe = dashboard.row('create_webhook').locator('[data-column="destructiveHint"] [data-risky]');
    await expect(risky).toHaveAttribute('data-risky', 'true');
    await expect(safe).toHaveAttribute('data-risky', 'false');
    expect(await risky.evaluate((el) => getComputedStyle(el).backgroundColor)).not.toBe(
      await safe.evaluate((el) => getComputedStyle(el).backgroundColor),
    );
    await page.getByTestId('table-filter').fill('');
    await page.getByTestId('table-filter').fill('campaign');
    await archive.click();
    const table = page.getByTestId('hint-table');
    await expect(table.locator('tr[data-hint="destructiveHint"]')).toContainText('true');
    await expect(table.locator('tr[data-hint="destructiveHint"]')).toContainText('not applicable');
  });

  // 1,265: a 1,280 px window beside a classic 15 px scrollbar (headless Chromium draws none; issue 49).
  for (const width of [1280, 1265])
    test(`at ${width} px every cell stays inside its column: the risk rank and a malformed hint sent as text`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height: 900 });
      const dashboard = new DashboardPage(page);
      await dashboard.open();
      await dashboard.runDemo();
      await page.getByTestId('table-filter').fill('get_stats');
      const row = dashboard.row('get_stats');
      // No horizontal scroll inside the report: the Risk column is not cut off.
      const frame = page.locator('.risk-table-frame');
      expect(await frame.evaluate((el) => el.scrollWidth - el.clientWidth)).toBe(0);
      // Its readOnlyHint is malformed, so its class rests on a default and the name's "get" (an inferred
      // read) puts it after the other medium additive writes: #12.
      await expect(row.getByTestId('risk-cell')).toContainText('#12');
      // readOnlyHint was sent as the string "true": the chip, "malformed" and what was sent wrap
      // inside the cell instead of running under the next one.
      const cell = row.locator('[data-column="readOnlyHint"]');
      await expect(cell.getByTestId('hint-sent')).toHaveText('sent "true"');
      const [cellBox, sentBox] = await Promise.all([cell.boundingBox(), cell.getByTestId('hint-sent').boundingBox()]);
      expect(sentBox !== null && cellBox !== null && sentBox.x + sentBox.width <= cellBox.x + cellBox.width).toBe(true);
    });

  test('arrow keys move between rows; Enter opens', async ({ page }) => {
    const dashboard = new DashboardPage(page);
    await dashboard.open();
    await dashboard.runDemo();
    const names = await dashboard.rowNames();
    await dashboard.rows().first().getByTestId('row-expand').focus();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('tool-details')).toHaveAttribute('data-tool-name', names[2] ?? '');
    await page.keyboard.press('End');
    // The last row in risk order, rendered on demand by the window virtualizer.
    await expect(page.locator(':focus')).toHaveAttribute('aria-label', 'Show details of list_members');
    await page.keyboard.press('Home');
    await expect(page.locator(':focus')).toHaveAttribute('aria-label', 'Show details of summarize_feedback');
  });

  test('a failed audit shows what was learned, no zeros, and adds the missing variable in one click', async ({
    page,
  }) => {
    const dashboard = new DashboardPage(page);
    await dashboard.open();
    await dashboard.runCommand(`${FIXTURE} exit-early`);
    const failure = page.getByTestId('audit-failure');
    await expect(failure).toBeVisible({ timeout: 30_000 });
    await expect(page.getByTestId('summary-tools')).toHaveCount(0);
    await expect(page.getByTestId('risk-table')).toHaveCount(0);
    await expect(page.getByTestId('export-csv')).toHaveCount(0);
    await expect(failure.getByTestId('failure-stderr')).toContainText('MISSING_API_KEY is not set');
    await expect(failure.getByTestId('audit-learned')).toContainText('exit code 3');
    await expect(dashboard.errors('server-exited')).toContainText('Environment variables');
    await expect(dashboard.errors('server-exited')).not.toContainText('--env');
    await expect(page.locator('#audit-failure-heading')).toBeFocused();
    await page.getByTestId('add-missing-env').click();
    await expect(page.getByTestId('env-name-0')).toHaveValue('MISSING_API_KEY');
    await expect(page.getByTestId('env-value-0')).toBeFocused();
  });

  test('a refused form highlights its field, and editing clears the error', async ({ page }) => {
    const dashboard = new DashboardPage(page);
    await dashboard.open();
    await page.getByTestId('run-audit').click();
    await expect(dashboard.errors('bad-input')).toBeVisible();
    await expect(page.getByTestId('target-command')).toHaveAttribute('aria-invalid', 'true');
    await page.getByTestId('target-command').fill('node x.js');
    await expect(dashboard.errors('bad-input')).toHaveCount(0);
    await expect(page.getByTestId('target-command')).toHaveAttribute('aria-invalid', 'false');
  });

  test('the view lives in the URL; a saved report opens again; filtered export says so', async ({ page }) => {
    const dashboard = new DashboardPage(page);
    await dashboard.open();
    await dashboard.runDemo();
    await page.getByTestId('class-filter').selectOption('read-only');
    await dashboard.row('archive_campaign').click();
    await expect(page).toHaveURL(/class=read-only/);
    await expect(page).toHaveURL(/open=\d+/);

    const [csv] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-csv-shown').click()]);
    expect(csv.suggestedFilename()).toMatch(/-filtered\.csv$/);
    expect(
      readFileSync(await csv.path(), 'utf8')
        .trimEnd()
        .split('\r\n'),
    ).toHaveLength(6);
    const [json] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-json').click()]);
    const saved = await json.path();

    // A reload loses the report but keeps the view; the saved JSON brings the report back into it.
    await page.reload();
    await page.getByTestId('open-saved-report').setInputFiles(saved);
    await expect(page.getByTestId('report')).toContainText('Saved audit report');
    await expect(page.getByTestId('rows-shown')).toHaveText('5 of 16 tools');
    await expect(page.getByTestId('tool-details')).toHaveAttribute('data-tool-name', 'archive_campaign');

    await page.getByTestId('open-saved-report').setInputFiles({
      name: 'tools.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from('name,class\r\n'),
    });
    await expect(page.getByTestId('saved-report-error')).toContainText('tools.csv is a CSV export');
  });

  test('a report of an older build, or of another schema version, is refused saying what to do', async ({ page }) => {
    const dashboard = new DashboardPage(page);
    await dashboard.open();
    // A real export of the demo by a development build before risk.ts (see lib/core/report/read-report.test.ts).
    await page.getByTestId('open-saved-report').setInputFiles(OLD_REPORT);
    await expect(page.getByTestId('saved-report-error')).toContainText(
      'v1-before-risk.json looks like an mcp-hintcheck report',
    );
    await expect(page.getByTestId('saved-report-error')).toContainText('written by an older build');

    const newer = { ...(JSON.parse(readFileSync(OLD_REPORT, 'utf8')) as object), schemaVersion: 2 };
    await page.getByTestId('open-saved-report').setInputFiles({
      name: 'newer.json',
      mimeType: 'application/json',
      buffer: Buffer.from(JSON.stringify(newer)),
    });
    await expect(page.getByTestId('saved-report-error')).toContainText(
      'newer.json is a report of schema version 2 (written by mcp-hintcheck 0.1.0); this dashboard reads version 1.',
    );
  });

  test('print shows the review document, not the page; 390 px shows every column as cards', async ({ page }) => {
    const dashboard = new DashboardPage(page);
    await dashboard.open();
    await dashboard.runDemo();
    // On paper the review document replaces the page (e2e/print.spec.ts reads its PDF).
    const printDocument = page.getByTestId('print-document');
    await expect(printDocument).toBeHidden();
    await page.emulateMedia({ media: 'print' });
    await expect(printDocument).toBeVisible();
    await expect(printDocument.locator('[data-print-tool]')).toHaveCount(16);
    await expect(
      printDocument.locator('[data-print-tool="summarize_feedback"] [data-print-flag="hidden-characters"]'),
    ).toBeVisible();
    await expect(page.getByTestId('run-audit')).toBeHidden();
    await expect(page.getByTestId('report')).toBeHidden();
    await page.emulateMedia({ media: 'screen' });

    await page.setViewportSize({ width: 390, height: 800 });
    const row = dashboard.row('summarize_feedback');
    await row.scrollIntoViewIfNeeded();
    const columns = ['class', 'readOnlyHint', 'destructiveHint', 'idempotentHint', 'openWorldHint', 'flags', 'risk'];
    for (const column of columns) {
      const box = await row.locator(`[data-column="${column}"]`).boundingBox();
      expect(box, column).not.toBeNull();
      expect((box?.x ?? -1) >= 0 && (box?.x ?? 0) + (box?.width ?? 0) <= 390, column).toBe(true);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });
});
