// Makes docs/screenshot.png: the production dashboard after auditing the bundled demo server,
// at 1280 px wide, in a real Chromium. Usage: npm run build && node scripts/screenshot.mjs
import { existsSync } from 'node:fs';
/* global window -- evaluated in the page */
import { chromium } from '@playwright/test';
import { ROOT, startDashboard } from './start-dashboard.mjs';

const port = 3291;
const token = 'screenshot-token-0123456789abcdef';
const dashboard = await startDashboard(port, token);
const browser = await chromium.launch({
  executablePath: existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined,
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
});
try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 1000 }, colorScheme: 'light' });
  await page.goto(dashboard.url);
  await page.getByTestId('run-demo').click();
  await page.getByTestId('summary-tools').waitFor();
  await page.waitForTimeout(300);
  // From the report's top: the summary, the surface bar and the start of the risk table.
  const top = await page.getByTestId('report').evaluate((el) => el.getBoundingClientRect().top + window.scrollY);
  await page.screenshot({
    path: `${ROOT}docs/screenshot.png`,
    clip: { x: 0, y: Math.max(0, top - 16), width: 1280, height: 1100 },
    fullPage: true,
  });
  console.log('wrote docs/screenshot.png');
} finally {
  await browser.close();
  dashboard.stop();
}
