// The surface views in a real Chromium: a v2 stdio server with prompts, resources, a template and
// instructions (test/fixtures/v2-stdio-server.mjs). Tools stay first; the other views filter, sort,
// open details with explanations and mark invisible characters; the era and cost are summarised.
import { expect, test } from '@playwright/test';
import { DashboardPage } from './dashboard-page';

test('prompts, resources, templates and instructions, with the era and the context cost', async ({ page }) => {
  const dashboard = new DashboardPage(page);
  await dashboard.open();
  await dashboard.runCommand('node test/fixtures/v2-stdio-server.mjs rich');
  await dashboard.waitForReport();

  // The era spoken and how, and the cost summary.
  await expect(page.getByTestId('protocol-era')).toHaveAttribute('data-era', 'modern');
  await expect(page.getByTestId('protocol-era')).toContainText('2026-07-28');
  await expect(page.getByTestId('cost-session-start')).toContainText('tokens');

  // Tools first.
  await expect(page.getByTestId('surface-tab-tools')).toHaveAttribute('aria-selected', 'true');
  await expect(dashboard.rows()).toHaveCount(7);

  // Prompts: both pages, filter, the hidden-character marker and the explanation in the detail.
  await page.getByTestId('surface-tab-prompts').click();
  const prompts = page.getByTestId('prompts-table-row');
  await expect(prompts).toHaveCount(3);
  await page.getByTestId('prompts-table-filter').fill('hidden');
  await expect(prompts).toHaveCount(1);
  const hidden = page.locator('[data-testid="prompts-table-row"][data-item-name="hidden_prompt"]');
  await expect(hidden.getByTestId('hidden-marker')).toBeVisible();
  await hidden.click();
  const detail = page.getByTestId('prompts-table-detail');
  await expect(detail.locator('[data-testid="surface-flag"][data-flag-id="hidden-characters"]')).toBeVisible();
  await expect(detail.getByTitle('Invisible character U+202E').first()).toBeVisible();
  await page.getByTestId('prompts-table-filter').fill('');
  await expect(prompts).toHaveCount(3);

  // Resources with the template; sort by name puts them in name order.
  await page.getByTestId('surface-tab-resources').click();
  const resources = page.getByTestId('resources-table-row');
  await expect(resources).toHaveCount(4);
  await page.getByRole('button', { name: 'Name' }).click();
  const names = await resources.evaluateAll((rows) => rows.map((row) => row.getAttribute('data-item-name')));
  expect(names).toEqual(['note_by_day', 'page', 'panel', 'today']);
  await page.locator('[data-testid="resources-table-row"][data-item-name="panel"]').click();
  await expect(
    page.getByTestId('resources-table-detail').locator('[data-testid="surface-flag"][data-flag-id="active-content"]'),
  ).toBeVisible();

  // Instructions, with the zero-width character made visible.
  await page.getByTestId('surface-tab-instructions').click();
  await expect(page.getByTestId('instructions-text')).toContainText('Always call search first.');
  await expect(page.getByTestId('instructions-text').getByTitle('Invisible character U+200B')).toBeVisible();
  await expect(page.getByTestId('instructions-cost')).toContainText('tokens (estimate)');
});
