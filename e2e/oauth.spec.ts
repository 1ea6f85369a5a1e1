import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { expect, test, type Page } from '@playwright/test';
import { reportSchema } from '../lib/core/report/report';
import { startOAuthFixture, type OAuthFixture } from '../test/fixtures/oauth-server.mjs';
import { jsonShape, runCli } from '../test/helpers';
import { DashboardPage } from './dashboard-page';

function fixture(scenario: string): Promise<OAuthFixture> {
  return startOAuthFixture(scenario);
}

interface McpFixture {
  url: string;
  close(): Promise<void>;
}
const httpFixtures = (await import(new URL('../test/fixtures/http-server.mjs', import.meta.url).href)) as {
  startFixture(scenario: string): Promise<McpFixture>;
};

/**
 * The dashboard API paths the page requests from now on for an audit (the History panel's own reads of
 * saved audits, which it makes when it mounts, are not part of an audit).
 */
function apiRequests(page: Page): string[] {
  const paths: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    // The History view reads its lists after each audit (it follows the audit just run): not an audit request.
    if (pathname.startsWith('/api/') && pathname !== '/api/history' && !pathname.startsWith('/api/history/')) {
      paths.push(`${request.method()} ${pathname}`);
    }
  });
  return paths;
}

/** A loopback port nothing listens on (bound, then closed). */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => {
    server.close(() => {
      resolve();
    });
  });
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}

test.describe('who guards a hosted server', () => {
  test('an unreachable URL shows only what was learned: no lessons, no empty findings, no zero cards', async ({
    page,
  }) => {
    const dashboard = new DashboardPage(page);
    await dashboard.open();
    await page.getByTestId('target-url').fill(`http://127.0.0.1:${await closedPort()}/mcp`);
    await page.getByTestId('run-url').click();
    await expect(page.getByTestId('audit-failure')).toBeVisible({ timeout: 20_000 });
    await expect(page.getByTestId('oauth-unreachable')).toBeVisible();
    await expect(page.getByTestId('oauth-lesson-scopes')).toHaveCount(0);
    await expect(page.getByText('No scopes are advertised')).toHaveCount(0);
    await expect(page.getByTestId('report')).toHaveCount(0);
  });

  test('paste a URL: one audit request, the lessons, findings, documents and URLs tried', async ({ page }) => {
    const server = await fixture('single-admin-scope');
    try {
      const dashboard = new DashboardPage(page);
      await dashboard.open();
      const requests = apiRequests(page);
      await page.getByTestId('target-url').fill(server.url);
      await page.getByTestId('run-url').click();
      const panel = page.getByTestId('oauth-panel');
      await expect(panel).toBeVisible({ timeout: 20_000 });
      await expect(panel.getByTestId('oauth-lesson-scopes')).toContainText('mcp:admin');
      await expect(panel.getByTestId('oauth-lesson-issuer')).toContainText('Tokens are issued by');
      await expect(panel.getByTestId('oauth-lesson-transport')).toContainText('405');
      const admin = panel.locator('[data-testid="oauth-finding"][data-finding-id="scope-admin"]');
      await expect(admin).toContainText('mcp:admin');
      await expect(admin).toContainText('admin rights');
      await expect(panel.getByTestId('oauth-prm-document')).toContainText('"scopes_supported"');
      await expect(panel.getByTestId('oauth-probes')).toContainText('/.well-known/oauth-protected-resource/public/mcp');
      // The listing was refused (401) and no header was given: a state to act on, not an error; auditing
      // again is not offered yet.
      await expect(page.getByTestId('needs-sign-in')).toBeVisible();
      await expect(dashboard.errors('http-error')).toHaveCount(0);
      await expect(page.getByTestId('run-url-tools')).toBeDisabled();
      await expect(page.getByTestId('run-url-tools-reason')).toContainText('requires authorization');
      // Adding the header the panel suggests enables the next audit.
      await page.getByTestId('oauth-add-authorization').click();
      await page.getByTestId('header-value-0').fill('Bearer not-a-real-token');
      await expect(page.getByTestId('run-url-tools')).toBeEnabled();
      expect(requests).toEqual(['POST /api/audit']);
    } finally {
      await server.close();
    }
  });

  test('a document pointing at a blocked address is refused and reported', async ({ page }) => {
    const server = await fixture('blocked-as');
    try {
      const dashboard = new DashboardPage(page);
      await dashboard.open();
      await page.getByTestId('target-url').fill(server.url);
      await page.getByTestId('run-url').click();
      const blocked = page.locator('[data-testid="oauth-finding"][data-finding-id="ssrf-blocked"]');
      await expect(blocked).toContainText('169.254.169.254', { timeout: 20_000 });
    } finally {
      await server.close();
    }
  });

  test('an open server: flagged, its tools listed in the same audit, the JSON export shaped as the CLI --json', async ({
    page,
  }) => {
    const server = await httpFixtures.startFixture('mcp');
    try {
      const dashboard = new DashboardPage(page);
      await dashboard.open();
      const requests = apiRequests(page);
      await page.getByTestId('target-url').fill(server.url);
      await page.getByTestId('run-url').click();
      await dashboard.waitForReport();
      await expect(page.locator('[data-testid="oauth-finding"][data-finding-id="no-auth-required"]')).toBeVisible();
      await expect(dashboard.row('read_note')).toBeVisible();
      expect(requests).toEqual(['POST /api/audit']);

      const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-json').click()]);
      const exported = reportSchema.parse(JSON.parse(readFileSync(await download.path(), 'utf8')));
      // The dashboard always estimates tokens; the CLI does with --tokens (the same options, the same shape).
      const cli = await runCli(['audit', '--url', server.url, '--json', '--tokens']);
      const fromCli = reportSchema.parse(JSON.parse(cli.stdout));
      expect(exported.oauth).not.toBeNull();
      expect(jsonShape(exported)).toEqual(jsonShape(fromCli));
      expect(exported.tools.map((tool) => tool.name)).toEqual(fromCli.tools.map((tool) => tool.name));
      expect(exported.oauth?.findings.map((f) => f.id)).toEqual(fromCli.oauth?.findings.map((f) => f.id));
    } finally {
      await server.close();
    }
  });
});
