// Where the dashboard lists a local server (issues 33, 49): on this machine by default, as the CLI
// lists it, and the report says so; "List in the sandbox" lists it in the exercise sandbox (no
// network, HOME hidden), and the report says that too; a sandboxed listing that fails because the
// server needs a host folder offers "Audit on the host", which lists it there in one click.
// Skipped where bubblewrap, strace or prlimit is missing.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { expect, test } from '@playwright/test';
import { DashboardPage } from './dashboard-page';

function installed(name: string): boolean {
  try {
    execFileSync('sh', ['-c', `command -v ${name}`], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

test.skip(
  !['bwrap', 'strace', 'prlimit'].every(installed),
  'bubblewrap, strace and prlimit are needed for the sandbox',
);

test('a local server is listed on the host by default, and the report says so', async ({ page }) => {
  const dashboard = new DashboardPage(page);
  await dashboard.open();
  await expect(page.getByTestId('list-in-sandbox')).not.toBeChecked();
  await dashboard.runCommand('node dist/demo-server.mjs');
  await dashboard.waitForReport();
  await expect(page.getByTestId('listed-in')).toContainText('listed on this machine, outside any sandbox');
});

test('"List in the sandbox" lists it in the exercise sandbox, and the report says so', async ({ page }) => {
  const dashboard = new DashboardPage(page);
  await dashboard.open();
  await dashboard.runCommand('node dist/demo-server.mjs', {}, { inSandbox: true });
  await dashboard.waitForReport();
  await expect(page.getByTestId('listed-in')).toContainText('listed in the exercise sandbox');
  await expect(page.getByTestId('listed-in')).toContainText('network off');
});

test('a sandboxed listing that needs a host folder fails, and "Audit on the host" lists it there', async ({ page }) => {
  // Under /var/tmp: hidden in the sandbox (lib/server/exercise/host-view.ts), there on the host.
  const folder = mkdtempSync(join('/var/tmp', 'hintcheck-e2e-folder-'));
  try {
    const dashboard = new DashboardPage(page);
    await dashboard.open();
    const fixture = resolve('test/fixtures/needs-host-folder.mjs');
    // The folder named by its environment: a folder on the command line is copied into the sandbox.
    await dashboard.runCommand(`node ${fixture}`, { HOST_FOLDER: folder }, { inSandbox: true });
    await expect(page.getByTestId('audit-failure')).toBeVisible({ timeout: 30_000 });
    const offer = page.getByTestId('audit-on-host');
    await expect(offer).toContainText('with your rights');
    await expect(offer).toContainText('read and write your files');
    await expect(page.getByTestId('audit-failure')).toContainText('press Audit on the host below');
    await page.getByTestId('audit-on-host-button').click();
    await dashboard.waitForReport();
    await expect(page.getByTestId('listed-in')).toContainText('listed on this machine, outside any sandbox');
    await expect(page.getByTestId('list-in-sandbox')).not.toBeChecked();
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
});
