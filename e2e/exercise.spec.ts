// "Exercise in a sandbox" in a real Chromium (issue 23): audit @modelcontextprotocol/server-filesystem,
// open the consent dialog (it names the tools to be called), confirm, watch the calls, then read the
// Behaviour column and one tool's evidence. Skipped where bubblewrap or strace is missing.
import { execFileSync } from 'node:child_process';
import { expect, test } from '@playwright/test';
import { expectNoViolationsEverywhere } from './axe';
import { DashboardPage } from './dashboard-page';

function installed(name: string): boolean {
  try {
    execFileSync('sh', ['-c', `command -v ${name}`], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

test.skip(!installed('bwrap') || !installed('strace'), 'bubblewrap and strace are needed to exercise');

test('consent names the tools; progress per call; Behaviour column and evidence', async ({ page }) => {
  test.setTimeout(120_000);
  const dashboard = new DashboardPage(page);
  await dashboard.open();
  await dashboard.runCommand('node node_modules/@modelcontextprotocol/server-filesystem/dist/index.js .');
  await dashboard.waitForReport();
  await expect(dashboard.row('list_directory').getByText('not called')).toBeVisible();

  await page.getByTestId('exercise-open').click();
  const dialog = page.getByTestId('exercise-dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId('exercise-tool')).toHaveCount(14);
  await expect(dialog.getByTestId('exercise-tools')).toContainText('write_file (twice: idempotent)');
  await dialog.getByTestId('exercise-confirm').click();

  await expect(page.getByTestId('exercise-call').first()).toBeVisible({ timeout: 30_000 });
  const clean = dashboard.row('list_directory').locator('[data-testid="behaviour-badge"][data-status="clean"]');
  await expect(clean).toBeVisible({ timeout: 90_000 });
  // The limits that applied and what the sandbox cannot see (issue 33).
  await expect(page.getByTestId('sandbox-facts')).toContainText('128 MiB tmpfs');
  await expect(page.getByTestId('sandbox-facts')).toContainText('The network is off');
  await expect(page.locator('[data-testid="exercise-call"][data-outcome="ok"]').first()).toBeVisible();

  await dashboard.row('write_file').click();
  const panel = page.getByTestId('behaviour-panel');
  await expect(panel).toBeVisible();
  await expect(panel.getByTestId('behaviour-call')).toHaveCount(2);
  await expect(panel.locator('[data-testid="behaviour-effect"]').first()).toContainText('./hintcheck-sample.txt');
  await expectNoViolationsEverywhere(page, 'behaviour panel');
});
