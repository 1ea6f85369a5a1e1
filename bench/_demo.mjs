import { chromium } from '@playwright/test';
import { startDashboard } from '../scripts/start-dashboard.mjs';
const port = 3299, token = 'bench-token-0123456789abcdefghij';
for (let round = 0; round < 2; round++) {
const t00 = Date.now();
const dashboard = await startDashboard(port, token);
const up = Date.now() - t00;
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  const out = [];
  for (let i = 0; i < 4; i++) {
    const g0 = Date.now();
    await page.goto('about:blank'); await page.goto(dashboard.url);
    await page.getByTestId('run-demo').waitFor();
    const loaded = Date.now() - g0;
    const t = { loaded }; const t0 = Date.now();
    page.on('response', (r) => { if (r.url().endsWith('/api/audit')) t.headers = Date.now() - t0; });
    page.on('requestfinished', (r) => { if (r.url().endsWith('/api/audit')) t.body = Date.now() - t0; });
    await page.getByTestId('run-demo').click();
    t.click = Date.now() - t0;
    await page.getByTestId('summary-tools').waitFor({ timeout: 60000 });
    t.table = Date.now() - t0;
    page.removeAllListeners('response'); page.removeAllListeners('requestfinished');
    out.push(t);
  }
  console.log('up', up, JSON.stringify(out));
} finally { await browser.close(); dashboard.stop(); }
await new Promise((r) => setTimeout(r, 500));
}
