// Makes docs/screenshot.png: the production dashboard after auditing the bundled demo server,
// at 1280 px wide, in a real Chromium. Usage: npm run build && node scripts/screenshot.mjs
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
/* global window -- evaluated in the page */
import { chromium } from '@playwright/test';

const root = fileURLToPath(new URL('..', import.meta.url));
const port = 3291;
const token = 'screenshot-token-0123456789abcdef';
const server = spawn(process.execPath, ['dist/serve.mjs', '--port', String(port)], {
  cwd: root,
  env: { ...process.env, PREFLIGHT_TOKEN: token, NEXT_TELEMETRY_DISABLED: '1' },
  stdio: ['ignore', 'pipe', 'inherit'],
});
await new Promise((resolve, reject) => {
  server.stdout.on('data', (chunk) => {
    if (chunk.toString().includes('mcp-preflight dashboard:')) resolve();
  });
  server.once('exit', (code) => reject(new Error(`server exited ${code}`)));
});
const browser = await chromium.launch({
  executablePath: existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined,
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
});
try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 1000 }, colorScheme: 'light' });
  await page.goto(`http://127.0.0.1:${port}/?token=${token}`);
  await page.getByTestId('run-demo').click();
  await page.getByTestId('summary-tools').waitFor();
  await page.waitForTimeout(300);
  // From the report's top: the summary, the surface bar and the start of the risk table.
  const top = await page.getByTestId('report').evaluate((el) => el.getBoundingClientRect().top + window.scrollY);
  await page.screenshot({
    path: `${root}docs/screenshot.png`,
    clip: { x: 0, y: Math.max(0, top - 16), width: 1280, height: 1100 },
    fullPage: true,
  });
  console.log('wrote docs/screenshot.png');
} finally {
  await browser.close();
  server.kill('SIGTERM');
}
