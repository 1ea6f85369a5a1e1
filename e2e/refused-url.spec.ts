// A refused new URL clears the failure of the audit before, which was about another URL (issue 37).
import { expect, test } from '@playwright/test';
import { expectNoViolationsEverywhere } from './axe';
import { DashboardPage } from './dashboard-page';

test('a refused new URL clears the failure of the audit before, for another URL', async ({ page }) => {
  const dashboard = new DashboardPage(page);
  await dashboard.open();
  // Port 9 on the loopback: a port HTTP clients refuse to contact (Fetch's bad ports), the audit fails.
  await page.getByTestId('target-url').fill('http://127.0.0.1:9/mcp');
  await page.getByTestId('run-url').click();
  await expect(page.getByTestId('audit-failure')).toBeVisible({ timeout: 30_000 });

  await page.getByTestId('target-url').fill('not a url at all');
  await page.getByTestId('run-url').click();
  await expect(page.getByTestId('target-url')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByTestId('audit-error').first()).toBeVisible();
  await expect(page.getByTestId('audit-failure')).toHaveCount(0);
  // Only the refusal is shown as this run's error (History still lists the failed audit, as it should).
  await expect(page.getByTestId('audit-error').filter({ hasText: '127.0.0.1:9' })).toHaveCount(0);
  await expectNoViolationsEverywhere(page, 'a refused URL after a failure');
});
