// Sign in through a real authorization server's consent pages (oidc-provider) in Chromium, and see the
// tools of an MCP server that validates its tokens. Everything on loopback: any other request (the
// AS's development pages import a web font) is aborted. No token may reach the page.
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { SIGNED_IN_TOOLS, startSignInFixture } from '../test/fixtures/signin-server.mjs';
import { expectNoViolationsEverywhere } from './axe';
import { DashboardPage } from './dashboard-page';

const LOOPBACK = /^https?:\/\/(127\.0\.0\.1|localhost|\[::1\])(:\d+)?\//;

test('sign in on the authorization server, see the tools, sign out; no token in the page', async ({
  page,
  context,
}) => {
  await context.route('**/*', (route) =>
    LOOPBACK.test(route.request().url()) || route.request().url().startsWith('about:')
      ? route.continue()
      : route.abort(),
  );
  test.setTimeout(120_000);
  const server = await startSignInFixture();
  try {
    const dashboard = new DashboardPage(page);
    await dashboard.open();
    await page.getByTestId('target-url').fill(server.mcpUrl);
    await page.getByTestId('run-url').click();
    await expect(page.getByTestId('oauth-panel')).toBeVisible({ timeout: 20_000 });
    await expect(page.locator('[data-testid="oauth-finding"][data-finding-id="scope-single"]')).toHaveCount(0);

    const popupPromise = context.waitForEvent('page');
    await page.getByTestId('sign-in-start').click();
    const consent = await popupPromise;
    await consent.waitForURL(/\/interaction\//, { timeout: 20_000 });
    await consent.locator('input[name="login"]').fill('alice');
    await consent.locator('input[name="password"]').fill('any password');
    await consent.locator('button[type="submit"]').click();
    await consent.getByRole('button', { name: 'Continue' }).click();
    await expect(consent.getByTestId('callback-title')).toHaveText('Signed in', { timeout: 20_000 });
    expect(await consent.locator('script').count()).toBe(0);

    await dashboard.waitForReport();
    for (const name of SIGNED_IN_TOOLS) await expect(dashboard.row(name)).toBeVisible();
    await expect(page.getByTestId('sign-in-status')).toContainText(`Signed in at ${server.issuer}`);
    await expect(page.getByTestId('sign-in-status')).toContainText('mcp:read');
    await expectNoViolationsEverywhere(page, 'signed in, tools listed');

    // Canary: no token, in any form, in the page's HTML, scripts, storage or the report it holds.
    const html = await page.content();
    const storage = await page.evaluate(() =>
      [sessionStorage, localStorage]
        .flatMap((store) => Object.keys(store).map((key) => `${key}=${store.getItem(key) ?? ''}`))
        .join('\n'),
    );
    expect(server.tokensIssued.length).toBeGreaterThan(0);
    for (const token of server.tokensIssued) {
      expect(html).not.toContain(token.slice(0, 16));
      expect(storage).not.toContain(token.slice(0, 16));
      const signature = token.split('.')[2];
      if (signature !== undefined) expect(html).not.toContain(signature.slice(0, 16));
    }

    await page.getByTestId('sign-out').click();
    await expect(page.getByTestId('sign-in')).toHaveAttribute('data-phase', 'idle');
  } finally {
    await server.close();
  }
});

/** Consents on the authorization server's pages in the tab the click opens, until the callback says signed in. */
async function consentInPopup(context: BrowserContext, click: () => Promise<void>): Promise<Page> {
  const popupPromise = context.waitForEvent('page');
  await click();
  const consent = await popupPromise;
  const login = consent.locator('input[name="login"]');
  const proceed = consent.getByRole('button', { name: 'Continue' });
  const done = consent.getByTestId('callback-title');
  for (let step = 0; step < 4; step += 1) {
    await expect(login.or(proceed).or(done)).toBeVisible({ timeout: 20_000 });
    if (await done.isVisible()) break;
    const before = consent.url();
    if (await login.isVisible()) {
      await login.fill('alice');
      await consent.locator('input[name="password"]').fill('any password');
      await consent.locator('button[type="submit"]').click();
    } else {
      await proceed.click();
    }
    await consent.waitForURL((url) => url.href !== before, { timeout: 20_000 });
  }
  await expect(done).toHaveText('Signed in', { timeout: 20_000 });
  return consent;
}

test('a listing refused for scope: "Sign in with the wider scope" names the scopes, signs in again, lists', async ({
  page,
  context,
}) => {
  await context.route('**/*', (route) =>
    LOOPBACK.test(route.request().url()) || route.request().url().startsWith('about:')
      ? route.continue()
      : route.abort(),
  );
  const server = await startSignInFixture({ stepUp: true });
  try {
    const dashboard = new DashboardPage(page);
    await dashboard.open();
    await page.getByTestId('target-url').fill(server.mcpUrl);
    await page.getByTestId('run-url').click();
    await expect(page.getByTestId('oauth-panel')).toBeVisible({ timeout: 20_000 });

    await consentInPopup(context, () => page.getByTestId('sign-in-start').click());
    const stepUp = page.getByTestId('step-up');
    await expect(stepUp).toContainText('tools/list was refused for insufficient scope: it needs mcp:read mcp:write', {
      timeout: 30_000,
    });
    const start = page.getByTestId('step-up-start');
    await expect(start).toHaveText('Sign in with the wider scope (mcp:read mcp:write)');
    expect(server.stepUpRefusals).toBe(1);

    const consent = await consentInPopup(context, () => start.click());
    expect(new URL(consent.url()).pathname).toBe('/api/sign-in/callback');
    await dashboard.waitForReport();
    for (const name of SIGNED_IN_TOOLS) await expect(dashboard.row(name)).toBeVisible({ timeout: 30_000 });
    await expect(page.getByTestId('sign-in-status')).toContainText('mcp:write');
    await expect(page.getByTestId('step-up')).toHaveCount(0);
    expect(server.stepUpRefusals).toBe(1);
  } finally {
    await server.close();
  }
});
