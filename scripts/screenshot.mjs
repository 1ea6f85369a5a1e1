// Makes docs/screenshot.png: the production dashboard after auditing the bundled demo server,
// at 1280 px wide, in a real Chromium. Usage: npm run build && node scripts/screenshot.mjs (port: E2E_PORT, default 3291)
import { existsSync } from 'node:fs';
/* global window -- evaluated in the page */
import { chromium } from '@playwright/test';
import { ROOT, startDashboard } from './start-dashboard.mjs';

const port = Number(process.env.E2E_PORT ?? 3291);
const token = 'screenshot-token-0123456789abcdef';
const dashboard = await startDashboard(port, token);
const browser = await chromium.launch({
  executablePath: existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined,
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
});
try {
  // Tall enough that the window-virtualised table renders all 16 demo rows.
  const page = await browser.newPage({ viewport: { width: 1280, height: 2400 }, colorScheme: 'light' });
  await page.goto(dashboard.url);
  await page.getByTestId('run-demo').click();
  await page.getByTestId('summary-tools').waitFor();
  await page.waitForTimeout(300);
  // From the report's top to the last row of the risk table: the summary, the surface bar, the
  // protocol and cost panel, and every tool in risk order with its sent and effective hints.
  const box = (locator) =>
    locator.evaluate((el) => {
      const rect = el.getBoundingClientRect();
      return { top: rect.top + window.scrollY, bottom: rect.bottom + window.scrollY };
    });
  const top = (await box(page.getByTestId('report'))).top;
  const rows = page.getByTestId('tool-row');
  const bottom = (await box(rows.nth((await rows.count()) - 1))).bottom;
  await page.screenshot({
    path: `${ROOT}docs/screenshot.png`,
    clip: { x: 0, y: Math.max(0, top - 16), width: 1280, height: bottom - top + 32 },
    fullPage: true,
  });
  console.log('wrote docs/screenshot.png');
} finally {
  await browser.close();
  dashboard.stop();
}
