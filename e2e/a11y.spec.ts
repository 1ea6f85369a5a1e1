// axe-core on every state of the dashboard, in light and dark: empty, progress, report, row open,
// failed audit, OAuth check, the glossary. Zero violations (WCAG 2.x A and AA rules, best practices).
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { startOAuthFixture } from '../test/fixtures/oauth-server.mjs';
import { expectNoViolations } from './axe';
import { DashboardPage } from './dashboard-page';

const FIXTURE = 'node test/fixtures/raw-stdio-server.mjs';

for (const scheme of ['light', 'dark'] as const) {
  test.describe(`accessibility (${scheme})`, () => {
    test.beforeEach(async ({ page }) => {
      await page.emulateMedia({ colorScheme: scheme });
    });

    test('empty, report, row open, glossary', async ({ page }) => {
      const dashboard = new DashboardPage(page);
      await dashboard.open();
      await expectNoViolations(page, 'empty');
      await dashboard.runDemo();
      await expect(page.getByTestId('report-heading')).toBeFocused();
      await expectNoViolations(page, 'report');
      await dashboard.row('summarize_feedback').click();
      await expect(page.getByTestId('tool-details')).toBeVisible();
      await expectNoViolations(page, 'row open');
      await page.getByTestId('open-glossary').click();
      await expect(page.getByTestId('glossary')).toBeVisible();
      await expectNoViolations(page, 'glossary');
    });

    test('a saved report from an earlier build, with its notes', async ({ page }) => {
      const dashboard = new DashboardPage(page);
      await dashboard.open();
      await page
        .getByTestId('open-saved-report')
        .setInputFiles(fileURLToPath(new URL('../test/fixtures/reports/v1-before-risk.json', import.meta.url)));
      await expect(page.getByTestId('saved-report-notes')).toBeVisible();
      await expectNoViolations(page, 'saved report (upgraded)');
    });

    test('progress and failure', async ({ page }) => {
      const dashboard = new DashboardPage(page);
      await dashboard.open();
      await dashboard.runCommand(`${FIXTURE} hang-list`);
      await expect(page.getByTestId('cancel-audit')).toBeVisible();
      await expectNoViolations(page, 'progress');
      await page.getByTestId('cancel-audit').click();
      await expect(page.getByTestId('audit-progress')).toHaveAttribute('data-status', 'cancelled');
      await expectNoViolations(page, 'cancelled');
      await dashboard.runCommand(`${FIXTURE} exit-early`);
      await expect(page.getByTestId('audit-failure')).toBeVisible({ timeout: 30_000 });
      await expectNoViolations(page, 'error');
    });

    test('OAuth check', async ({ page }) => {
      const server = await startOAuthFixture('single-admin-scope');
      try {
        const dashboard = new DashboardPage(page);
        await dashboard.open();
        await page.getByTestId('target-url').fill(server.url);
        await page.getByTestId('run-url').click();
        await expect(page.getByTestId('oauth-panel')).toBeVisible({ timeout: 20_000 });
        await expectNoViolations(page, 'OAuth');
      } finally {
        await server.close();
      }
    });
  });
}
