import { expect, test } from '@playwright/test';

test('home page shows the app title', async ({ page }) => {
  await page.goto('/');
  await expect(page.locator('h1[data-testid=app-title]')).toHaveText('mcp-preflight');
});

test('health endpoint reports ok', async ({ request }) => {
  const response = await request.get('/api/health');
  expect(response.ok()).toBe(true);
  expect(await response.json()).toEqual({ ok: true });
});
