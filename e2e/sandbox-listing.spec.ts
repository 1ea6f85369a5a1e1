// Where the dashboard lists a local server (issue 33): in the exercise sandbox by default where the
// machine has one (no network, HOME hidden), and the report says so; "List on the host" lists it
// outside, and the report says that too. Skipped where bubblewrap, strace or prlimit is missing.
import { execFileSync } from 'node:child_process';
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

test('a local server is listed in the sandbox by default', async ({ page }) => {
  const dashboard = new DashboardPage(page);
  await dashboard.open();
  await dashboard.runCommand('node dist/demo-server.mjs');
  await dashboard.waitForReport();
  await expect(page.getByTestId('listed-in')).toContainText('listed in the exercise sandbox');
  await expect(page.getByTestId('listed-in')).toContainText('network off');
});

test('"List on the host" lists it outside the sandbox, and the report says so', async ({ page }) => {
  const dashboard = new DashboardPage(page);
  await dashboard.open();
  await dashboard.runCommand('node dist/demo-server.mjs', {}, { onHost: true });
  await dashboard.waitForReport();
  await expect(page.getByTestId('listed-in')).toContainText('listed on this machine, outside any sandbox');
});
