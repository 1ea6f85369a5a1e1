import { existsSync, writeFileSync } from 'node:fs';
import { chromium } from '@playwright/test';
import { startDashboard } from '../scripts/start-dashboard.mjs';
const port = 3297, token = 'bench-token-0123456789abcdefghij';
process.chdir('/work/main');
const dashboard = await startDashboard(port, token);
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox','--disable-gpu'] });
try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  const once = async (profile) => {
    await page.goto('about:blank'); await page.goto(dashboard.url);
    await page.getByTestId('target-command').fill('node test/fixtures/raw-stdio-server.mjs many');
    await page.getByTestId('env-add').click();
    await page.getByTestId('env-name-0').fill('FIXTURE_TOOLS');
    await page.getByTestId('env-value-0').fill('5000');
    let cdp;
    if (profile) { await browser.startTracing(page, { path: '/tmp/prof/trace.json', categories: ['devtools.timeline','disabled-by-default-devtools.timeline','v8.execute','blink.user_timing'] }); }
    const t = {}; const t0 = Date.now();
    page.on('response', (r) => { if (r.url().endsWith('/api/audit')) t.headers = Date.now() - t0; });
    page.on('requestfinished', (r) => { if (r.url().endsWith('/api/audit')) t.body = Date.now() - t0; });
    await page.getByTestId('run-audit').click();
    t.click = Date.now() - t0;
    await page.getByTestId('summary-tools').waitFor({ timeout: 60000 });
    t.table = Date.now() - t0;
    page.removeAllListeners('response'); page.removeAllListeners('requestfinished');
    if (profile) { await page.waitForTimeout(1500); await browser.stopTracing(); }
    return t;
  };
  for (let i = 0; i < 3; i++) console.log(JSON.stringify(await once(false)));
  console.log('profiled', JSON.stringify(await once(true)));
} finally { await browser.close(); dashboard.stop(); }
