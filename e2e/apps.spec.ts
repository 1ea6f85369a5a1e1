// The MCP Apps view in a real Chromium (issue 50): the fixture app server's hostile scenario
// (test/fixtures/app-server.mjs) audited from the dashboard; its UI resource shows the CSP domains it
// asks for, its permission, the script its HTML loads and the three findings, and its HTML as text
// in a <pre>: no element of it is created (no script with its src, no frame), and the page requests
// nothing off loopback (the remote script is never fetched). axe on the view, both themes and widths.
import { expect, test } from '@playwright/test';
import { AXE_VIEWPORTS, expectNoViolationsEverywhere } from './axe';
import { DashboardPage } from './dashboard-page';

const LOOPBACK = /^(?:https?:\/\/(?:127\.0\.0\.1|\[::1\]|localhost)(?::\d+)?\/|data:|about:|blob:)/;
const REMOTE_SCRIPT = 'https://cdn.example/x.js';

test('the Apps view: CSP domains, permissions, script sources, findings, the source inert, axe 0', async ({
  page,
  context,
}) => {
  const outside: string[] = [];
  await context.route('**/*', (route) => {
    const url = route.request().url();
    if (LOOPBACK.test(url)) return route.continue();
    outside.push(url);
    return route.abort();
  });
  const dashboard = new DashboardPage(page);
  await dashboard.open();
  await dashboard.runCommand('node test/fixtures/app-server.mjs hostile');
  await dashboard.waitForReport();

  await page.getByTestId('surface-tab-apps').click();
  const panel = page.getByTestId('apps-panel');
  await expect(panel).toBeVisible();
  const resource = panel.getByTestId('app-resource');
  await expect(resource).toHaveCount(1);
  await expect(resource).toContainText('ui://notes/app.html');
  const row = (label: string) => resource.locator('dt', { hasText: label }).locator('xpath=following-sibling::dd[1]');
  await expect(row('connectDomains')).toHaveText('*');
  await expect(row('resourceDomains')).toContainText('https://cdn.example');
  await expect(row('Permissions')).toHaveText('microphone');
  await expect(row('Scripts')).toContainText(REMOTE_SCRIPT);
  await expect(row('Tools (visibility)')).toContainText('take_notes');
  const findings = resource.getByTestId('app-finding');
  await expect(findings).toHaveCount(3);
  const ids = await findings.evaluateAll((items) => items.map((item) => item.getAttribute('data-flag-id')).sort());
  expect(ids).toEqual(['app-csp-domain', 'app-permission-unmentioned', 'app-remote-script']);

  // The source, opened: the HTML as text, never elements.
  await resource.locator('summary', { hasText: 'Source' }).click();
  const source = resource.getByTestId('app-source');
  await expect(source).toBeVisible();
  await expect(source).toContainText(`<script src="${REMOTE_SCRIPT}"></script>`);
  await expect(source).toContainText('new window.McpApp()');
  expect(await source.evaluate((pre) => pre.children.length)).toBe(0);
  await expect(page.locator(`script[src="${REMOTE_SCRIPT}"]`)).toHaveCount(0);
  await expect(page.locator('iframe, frame, object, embed')).toHaveCount(0);
  await expect(page.locator('#notes')).toHaveCount(0);

  await expectNoViolationsEverywhere(
    page,
    'the Apps view with the source open',
    AXE_VIEWPORTS,
    '[data-testid="apps-panel"]',
  );
  expect(outside).toEqual([]);
});
