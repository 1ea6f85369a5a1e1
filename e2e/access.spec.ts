import { request as httpRequest } from 'node:http';
import { expect, test } from '@playwright/test';
import { E2E_PORT, E2E_TOKEN } from './browser';

const PORT = E2E_PORT;

function rawRequest(
  path: string,
  headers: Record<string, string>,
  method = 'GET',
  body?: string,
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port: PORT, path, method, headers }, (res) => {
      let text = '';
      res.on('data', (chunk: Buffer) => (text += chunk.toString()));
      res.on('end', () => {
        resolve({ status: res.statusCode ?? 0, body: text });
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
    const response = await page.goto('/');
    expect(response?.status()).toBe(401);
    await expect(page.locator('body')).toContainText('needs its session token');
  });

  test('the token link sets an HttpOnly SameSite=Strict cookie and leaves the address bar', async ({
    page,
    context,
  }) => {
    await page.goto(`/?token=${E2E_TOKEN}`);
    await expect(page).toHaveURL(`http://127.0.0.1:${PORT}/`);
    const cookies = await context.cookies();
    const session = cookies.find((cookie) => cookie.name === `hintcheck_session_${PORT}`);
    expect(session).toMatchObject({ httpOnly: true, sameSite: 'Strict', value: E2E_TOKEN });
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
    const page = await rawRequest('/', {
      Host: `attacker.test:${PORT}`,
      Cookie: `hintcheck_session_${PORT}=${E2E_TOKEN}`,
    });
    expect(page.status).toBe(421);
  });

  test('a page on another origin cannot start an audit', async ({ page, context }) => {
    await page.goto(`/?token=${E2E_TOKEN}`);
    // A second loopback origin (another port) plays the hostile page; the dashboard cookie exists in the browser.
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
