import { existsSync, readFileSync } from 'node:fs';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { CSV_HEADERS } from '../lib/core/csv/tools';
import { reportSchema } from '../lib/core/report/report';
import { isAlive } from '../lib/server/process/process-tree';
import { DashboardPage } from './dashboard-page';

const FIXTURE = 'node test/fixtures/raw-stdio-server.mjs';

test.describe('the dashboard', () => {
  test('audits the demo end to end: counts, sorting, filters, details, glossary', async ({ page }) => {
    const dashboard = new DashboardPage(page);
    await dashboard.open();
    await dashboard.runDemo();

    await expect(dashboard.summary('tools')).toHaveText('16');
    await expect(dashboard.summary('read-only')).toHaveText('5');
    await expect(dashboard.summary('destructive')).toHaveText('5');
    await expect(dashboard.summary('open-world')).toHaveText('6');
    await expect(dashboard.summary('unannotated')).toHaveText('2');
    await expect(dashboard.summary('partial')).toHaveText('4');
    await expect(dashboard.summary('additive')).toHaveText('6');
    await expect(page.getByTestId('surface-chart')).toBeVisible();
    await expect(page.getByTestId('rows-shown')).toHaveText('16 of 16 tools');

    // Risk order first: the poisoned tool leads (rows are rendered as the window reaches them).
    const initial = await dashboard.rowNames();
    expect(initial[0]).toBe('summarize_feedback');

    // Sort by a hint column: read-only tools first when descending.
    const sortReadOnly = page.getByTestId('sort-readOnlyHint');
    await sortReadOnly.click();
    if (
      (await sortReadOnly.locator('xpath=ancestor-or-self::*[@aria-sort][1]').getAttribute('aria-sort')) !==
      'descending'
    ) {
      await sortReadOnly.click();
    }
    const byReadOnly = await dashboard.rowNames();
    expect(byReadOnly.slice(0, 5).sort()).toEqual([
      'archive_campaign',
      'get_quest',
      'list_members',
      'search_public_web',
      'summarize_feedback',
    ]);

    // Filters: text, class, flag.
    await page.getByTestId('table-filter').fill('webhook');
    await expect(page.getByTestId('rows-shown')).toHaveText('1 of 16 tools');
    expect(await dashboard.rowNames()).toEqual(['create_webhook']);
    await page.getByTestId('table-filter').fill('');
    await page.getByTestId('class-filter').selectOption('destructive-write');
    await expect(page.getByTestId('rows-shown')).toHaveText('5 of 16 tools');
    await page.getByTestId('class-filter').selectOption('');
    await page.getByTestId('flag-filter').selectOption('hidden-characters');
    expect(await dashboard.rowNames()).toEqual(['summarize_feedback']);
    await page.getByTestId('flag-filter').selectOption('');

    // Expand a row: raw annotations as sent, effective values, description, schema, flag explanations.
    await dashboard.row('create_webhook').getByTestId('row-expand').click();
    const details = page.getByTestId('tool-details');
    await expect(details).toBeVisible();
    await expect(details.getByTestId('raw-annotations')).toContainText('"destructiveHint": false');
    await expect(details.getByTestId('effective-annotations')).toContainText('declared');
    await expect(details.getByTestId('tool-description')).toHaveText(
      'Register a URL that receives every community event as it happens.',
    );
    await expect(details.getByTestId('input-schema')).toContainText('"format": "uri"');
    await expect(details.locator('[data-testid="flag-explanation"][data-flag-id="additive-write"]')).toContainText(
      'Additive is not harmless',
    );

    // A tool that sent no annotations says so, rather than showing an empty object.
    await dashboard.row('run_automation').getByTestId('row-expand').click();
    await expect(page.getByTestId('tool-details').getByTestId('raw-annotations')).toContainText('absent');

    await page.getByTestId('open-glossary').click();
    const glossary = page.getByTestId('glossary');
    await expect(glossary).toBeVisible();
    for (const hint of ['readOnlyHint', 'destructiveHint', 'idempotentHint', 'openWorldHint'])
      await expect(glossary).toContainText(hint);
    await expect(glossary).toContainText('Which external service it reaches');
    await page.keyboard.press('Escape');

    const server = page.getByTestId('server-panel');
    await expect(server).toContainText('hintcheck-demo-community');
    await expect(server).toContainText('2025-11-25');
  });

  test('exports the same CSV rows as the CLI, and the JSON report', async ({ page }) => {
    const dashboard = new DashboardPage(page);
    await dashboard.open();
    await dashboard.runDemo();

    const [csvDownload] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-csv').click()]);
    expect(csvDownload.suggestedFilename()).toMatch(/^mcp-hintcheck-[a-z0-9-]+-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = readFileSync(await csvDownload.path(), 'utf8');
    const lines = csv.trimEnd().split('\r\n');
    expect(lines[0]).toBe(CSV_HEADERS.join(','));
    expect(lines).toHaveLength(17);
    // Review order: rank, name, severity, flags, reason, description, decision and notes (empty), the hints.
    expect(lines[1]).toMatch(/^1,summarize_feedback,high,/);
    expect(lines.find((line) => line.includes(',create_webhook,'))).toMatch(
      /^\d+,create_webhook,.*,,false,false,declared,false,false,declared,false,false,declared,true,true,declared,Create webhook,additive-write,full,/,
    );

    const [jsonDownload] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-json').click()]);
    const report = reportSchema.parse(JSON.parse(readFileSync(await jsonDownload.path(), 'utf8')));
    expect(report.summary.tools).toBe(16);
    expect(report.tools.map((tool) => tool.name)).toContain('summarize_feedback');
  });

  test('audits a real published server: server-everything', async ({ page }) => {
    const dashboard = new DashboardPage(page);
    await dashboard.open();
    await dashboard.runCommand('node node_modules/@modelcontextprotocol/server-everything/dist/index.js stdio');
    await dashboard.waitForReport();
    expect(Number(await dashboard.summary('tools').textContent())).toBeGreaterThan(5);
    await expect(dashboard.row('echo')).toBeVisible();
    await expect(page.getByTestId('server-panel')).toContainText('everything');
  });

  test('shows a failing target clearly, with what to try', async ({ page }) => {
    const dashboard = new DashboardPage(page);
    await dashboard.open();
    await dashboard.runCommand('no-such-mcp-server-4711 --flag');
    await expect(dashboard.errors('command-not-found')).toContainText('no-such-mcp-server-4711');
    await expect(dashboard.errors('command-not-found')).toContainText('Check the spelling');

    await dashboard.runCommand(`${FIXTURE} exit-early`);
    await expect(dashboard.errors('server-exited')).toContainText('exited with code 3');
    await expect(dashboard.errors('server-exited')).toContainText('MISSING_API_KEY');
  });

  test('Cancel stops the audit and kills the server and its children', async ({ page }) => {
    const pidFile = join(mkdtempSync(join(tmpdir(), 'hintcheck-e2e-')), 'pids');
    const dashboard = new DashboardPage(page);
    await dashboard.open();
    // On the host (the default): the fixture writes its PIDs to a host file, which a sandboxed server cannot.
    await dashboard.runCommand(`${FIXTURE} grandchildren-hang`, { FIXTURE_PID_FILE: pidFile });
    await expect(page.getByTestId('audit-progress')).toContainText('raw-fixture');
    const pids = readFileSync(pidFile, 'utf8').split('\n').filter(Boolean).map(Number);
    expect(pids).toHaveLength(3);
    expect(pids.every(isAlive)).toBe(true);
    await page.getByTestId('cancel-audit').click();
    await expect.poll(() => pids.filter(isAlive), { timeout: 5000 }).toEqual([]);
    await expect(dashboard.errors('cancelled')).toContainText('and every process it started have stopped');
  });

  test('Cancel ends a double-forking server that never answered within 2 s, and says so only once confirmed', async ({
    page,
  }) => {
    const pidFile = join(mkdtempSync(join(tmpdir(), 'hintcheck-e2e-')), 'pids');
    const dashboard = new DashboardPage(page);
    await dashboard.open();
    await dashboard.runCommand(`${FIXTURE} double-fork-hang`, { FIXTURE_PID_FILE: pidFile });
    await expect
      .poll(() => (existsSync(pidFile) ? readFileSync(pidFile, 'utf8').split('\n').filter(Boolean).length : 0))
      .toBe(2);
    const pids = readFileSync(pidFile, 'utf8').split('\n').filter(Boolean).map(Number);
    expect(pids.every(isAlive)).toBe(true);
    await page.getByTestId('cancel-audit').click();
    const cancelledAt = Date.now();
    await expect.poll(() => pids.filter(isAlive), { timeout: 2000, intervals: [50] }).toEqual([]);
    expect(Date.now() - cancelledAt).toBeLessThan(2000);
    await expect(page.getByTestId('audit-progress')).toHaveAttribute('data-status', 'cancelled');
    await expect(dashboard.errors('cancelled')).toContainText(
      `The server (pid ${pids[0]}) and every process it started have stopped.`,
    );
    await expect(page.locator('[data-step="stopped"]')).toContainText(`Server stopped (pid ${pids[0]})`);
  });

  test('renders hostile names and descriptions as text; nothing executes', async ({ page }) => {
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    const dashboard = new DashboardPage(page);
    await dashboard.open();
    await dashboard.runCommand(`${FIXTURE} hostile-strings`);
    await dashboard.waitForReport();
    // Rows are virtualized against the window: filter so the row is rendered.
    await page.getByTestId('table-filter').fill('<img');
    await expect(dashboard.row('<img src=x onerror=alert(1)>')).toBeVisible();
    await expect(page.getByText('<img src=x onerror=alert(1)>').first()).toBeVisible();
    await dashboard.row('<img src=x onerror=alert(1)>').getByTestId('row-expand').click();
    await expect(page.getByTestId('tool-description')).toContainText('<script>alert(1)</script>');
    expect(await page.locator('img[src="x"]').count()).toBe(0);
    expect(await page.locator('main script').count()).toBe(0);
    expect(dialogs).toEqual([]);
  });
});
