import { expect, test } from '@playwright/test';
import { startOAuthFixture, type OAuthFixture } from '../test/fixtures/oauth-server.mjs';
import { DashboardPage } from './dashboard-page';

function fixture(scenario: string): Promise<OAuthFixture> {
  return startOAuthFixture(scenario);
}

test.describe('who guards a hosted server', () => {
  test('paste a URL, read the lessons, findings, documents and URLs tried', async ({ page }) => {
    const server = await fixture('single-admin-scope');
    try {
      const dashboard = new DashboardPage(page);
      await dashboard.open();
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
      // The server needs authorization and no header was given: listing tools is not offered yet.
      await expect(page.getByTestId('run-url-tools')).toBeDisabled();
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

  test('a server that answers anyone is flagged, and its tools can be listed', async ({ page }) => {
    const server = await fixture('no-auth');
    try {
      const dashboard = new DashboardPage(page);
      await dashboard.open();
      await page.getByTestId('target-url').fill(server.url);
      await page.getByTestId('run-url').click();
      await expect(page.locator('[data-testid="oauth-finding"][data-finding-id="no-auth-required"]')).toBeVisible({
        timeout: 20_000,
      });
      await expect(page.getByTestId('run-url-tools')).toBeEnabled();
    } finally {
      await server.close();
    }
  });
});
