// The playground's helpers shared by its e2e specs (issue 37, issue 49): whether the sandbox's tools are
// installed, the page kept on loopback, axe on the playground's part, focus and Tab, a session started
// from an audit by mouse, whether the dashboard still runs a session, a tool called through its form.
import { execFileSync } from 'node:child_process';
import { expect, type BrowserContext, type Locator, type Page } from '@playwright/test';
import { AXE_VIEWPORTS, expectNoViolationsEverywhere } from './axe';
import { E2E_TOKEN } from './browser';
import { DashboardPage } from './dashboard-page';

export const EVERYTHING = 'node node_modules/@modelcontextprotocol/server-everything/dist/index.js stdio';
const LOOPBACK = /^(?:https?:\/\/(?:127\.0\.0\.1|\[::1\]|localhost)(?::\d+)?\/|data:|about:|blob:)/;

export const SANDBOX_MISSING = !installed('bwrap') || !installed('strace');

export function installed(name: string): boolean {
  try {
    execFileSync('sh', ['-c', `command -v ${name}`], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/** Every request the page makes is kept (and anything off loopback refused), to check at the end. */
export async function loopbackOnly(context: BrowserContext): Promise<string[]> {
  const outside: string[] = [];
  await context.route('**/*', (route) => {
    const url = route.request().url();
    if (LOOPBACK.test(url)) return route.continue();
    outside.push(url);
    return route.abort();
  });
  return outside;
}

/** axe on the playground's part of the page only (the report around it was checked whole with the dialog). */
export function axePlayground(page: Page, state: string): Promise<void> {
  return expectNoViolationsEverywhere(page, state, AXE_VIEWPORTS, '[data-testid="playground"]');
}

export function focusedTestId(page: Page): Promise<string | null> {
  return page.evaluate(() => document.activeElement?.getAttribute('data-testid') ?? null);
}

export function focusInside(locator: Locator): Promise<boolean> {
  return locator.evaluate((element) => element.contains(document.activeElement));
}

/** Presses Tab until the element with `testId` has focus (at most `max` times). */
export async function tabTo(page: Page, testId: string, max = 15): Promise<void> {
  for (let i = 0; i < max && (await focusedTestId(page)) !== testId; i++) await page.keyboard.press('Tab');
  expect(await focusedTestId(page)).toBe(testId);
}

/** Audits the command and starts a playground session on it by mouse; the session's id. */
export async function startOn(page: Page, command: string): Promise<string> {
  const dashboard = new DashboardPage(page);
  await dashboard.open();
  await dashboard.runCommand(command);
  await dashboard.waitForReport();
  await page.getByTestId('playground-open').click();
  await expect(page.getByTestId('playground-command')).toHaveText(command);
  const started = page.waitForResponse(
    (response) => new URL(response.url()).pathname === '/api/playground' && response.request().method() === 'POST',
    { timeout: 60_000 },
  );
  await page.getByTestId('playground-start').click();
  const response = await started;
  expect(response.status()).toBe(201);
  await expect(page.getByTestId('playground-panel')).toBeVisible({ timeout: 60_000 });
  return ((await response.json()) as { id: string }).id;
}

/** Whether the dashboard still runs the session (a GET of its state, with the token, as the page sends it). */
export async function sessionRuns(page: Page, id: string): Promise<boolean> {
  const response = await page.request.get(`/api/playground/${encodeURIComponent(id)}`, {
    headers: { Authorization: `Bearer ${E2E_TOKEN}` },
  });
  if (response.status() === 404 || response.status() === 410) return false;
  expect(response.status()).toBe(200);
  return ((await response.json()) as { ended: unknown }).ended === null;
}

export async function callTool(page: Page, name: string, fields: Record<string, string>): Promise<Locator> {
  const tools = page.getByTestId('playground-tools');
  await tools.getByTestId('playground-tool').selectOption(name);
  for (const [field, value] of Object.entries(fields)) await tools.getByTestId(`field-${field}`).fill(value);
  await tools.getByTestId('playground-call').click();
  return page.getByTestId('call-result');
}

export async function endSession(page: Page): Promise<void> {
  await page.getByTestId('playground-end').click();
  await expect(page.getByTestId('playground-ended')).toContainText('You ended the session');
  await expect(page.getByTestId('playground-open')).toHaveText('Start again');
}
