// A protected server's 401 is a state, not a failure: against the sign-in fixture (a real OAuth
// authorization server and an MCP server that validates its tokens, both on loopback), the dashboard
// says "This server needs sign-in", offers Sign in first, then who guards it; a refused token is a
// real failure again.
import { expect, test } from '@playwright/test';
import { startSignInFixture } from '../test/fixtures/signin-server.mjs';
import { expectNoViolations } from './axe';
import { DashboardPage } from './dashboard-page';
import { pageTops } from './page-tops';

test('a 401 without credentials: "This server needs sign-in", Sign in first, no error; a refused token is an error', async ({
  page,
}) => {
  const server = await startSignInFixture();
  try {
    const dashboard = new DashboardPage(page);
    await dashboard.open();
    await page.getByTestId('target-url').fill(server.mcpUrl);
    await page.getByTestId('run-url').click();

    const state = page.getByTestId('needs-sign-in');
    await expect(state).toBeVisible({ timeout: 20_000 });
    await expect(state).toHaveAttribute('data-need', 'sign-in');
    await expect(page.locator('#needs-sign-in-heading')).toHaveText('This server needs sign-in');
    await expect(page.locator('#needs-sign-in-heading')).toBeFocused();
    await expect(state).toContainText('HTTP 401');
    await expect(state).toContainText('nothing failed');
    const progress = page.getByTestId('audit-progress');
    await expect(progress).toHaveAttribute('data-status', 'done');
    await expect(progress).toContainText('Audit finished: this server needs sign-in');
    await expect(progress).not.toContainText('error');
    await expect(page.getByTestId('audit-failure')).toHaveCount(0);
    await expect(page.getByTestId('audit-error')).toHaveCount(0);
    await expect(page.getByText('Press Audit URL')).toHaveCount(0);

    // The state, then the Sign in action, then the OAuth facts with the header offer.
    const start = page.getByTestId('sign-in-start');
    await expect(start).toBeEnabled();
    await expect(page.getByTestId('oauth-panel')).toContainText(server.issuer);
    const [stateY = Number.NaN, signInY = Number.NaN, panelY = Number.NaN] = await pageTops(page, [
      'needs-sign-in',
      'sign-in',
      'oauth-panel',
    ]);
    expect(stateY).toBeLessThan(signInY);
    expect(signInY).toBeLessThan(panelY);
    // The scopes field shows its whole placeholder (not cut at "default: what the ser").
    const scopes = page.getByTestId('sign-in-scopes');
    const fits = await scopes.evaluate((input: HTMLInputElement) => {
      const style = getComputedStyle(input);
      const context = document.createElement('canvas').getContext('2d');
      if (context === null) return false;
      context.font = `${style.fontSize} ${style.fontFamily}`;
      const room = input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      return context.measureText(input.placeholder).width <= room;
    });
    expect(fits).toBe(true);
    await expectNoViolations(page, 'needs sign-in');

    // With a header the server refuses, the same 401 is a real failure.
    await page.getByTestId('oauth-add-authorization').click();
    await page.getByTestId('header-value-0').fill('Bearer not-a-real-token');
    await page.getByTestId('run-url-tools').click();
    await expect(page.getByTestId('audit-failure')).toBeVisible({ timeout: 20_000 });
    await expect(dashboard.errors('http-error')).toContainText('HTTP 401');
    await expect(state).toHaveCount(0);
    await expect(progress).toContainText('Audit finished with an error');
  } finally {
    await server.close();
  }
});
