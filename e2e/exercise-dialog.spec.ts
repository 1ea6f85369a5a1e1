// The exercise's consent box is a real modal dialog for keyboard and screen-reader users (issue 37),
// driven by the keyboard only: Enter on "Exercise in a sandbox" moves focus into the dialog; Tab and
// Shift+Tab stay inside; Escape closes it and focus is back on the button; the tool list and the
// server's long instructions scroll as named Tab stops (axe scrollable-region-focusable); Confirm by
// keyboard, and when the run ends focus is on the button again. Skipped where bubblewrap or strace is missing.
import { execFileSync } from 'node:child_process';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectNoViolationsEverywhere } from './axe';
import { DashboardPage } from './dashboard-page';

const EVERYTHING = 'node node_modules/@modelcontextprotocol/server-everything/dist/index.js stdio';

function installed(name: string): boolean {
  try {
    execFileSync('sh', ['-c', `command -v ${name}`], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

test.skip(!installed('bwrap') || !installed('strace'), 'bubblewrap and strace are needed to exercise');

/** Whether the focused element is inside `locator`'s element. */
function focusInside(locator: Locator): Promise<boolean> {
  return locator.evaluate((element) => element.contains(document.activeElement));
}

function focusedTestId(page: Page): Promise<string | null> {
  return page.evaluate(() => document.activeElement?.getAttribute('data-testid') ?? null);
}

test('the consent dialog by keyboard: focus in, trapped, Escape back to the opener; scroll regions named', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const dashboard = new DashboardPage(page);
  await dashboard.open();
  await dashboard.runCommand(EVERYTHING);
  await dashboard.waitForReport();
  // The server's long instructions scroll: a named Tab stop.
  const instructions = page.getByTestId('server-instructions');
  await expect(instructions).toHaveAttribute('data-scrollable', 'true');
  await expect(instructions).toHaveAttribute('tabindex', '0');
  await expect(instructions).toHaveAttribute('aria-label', 'Instructions');

  const opener = page.getByTestId('exercise-open');
  await opener.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByTestId('exercise-dialog');
  await expect(dialog).toBeVisible();
  await expect.poll(() => focusInside(dialog)).toBe(true);
  // All the tools: the list scrolls, and is a Tab stop with a name.
  await page.getByTestId('exercise-mode').selectOption('all');
  const list = dialog.locator('[data-scrollable="true"]');
  await expect(list).toHaveAttribute('aria-label', 'Tools to be called');
  // Round and round: Tab and Shift+Tab never leave the dialog.
  for (let i = 0; i < 8; i++) {
    await page.keyboard.press('Tab');
    expect(await focusInside(dialog), `after Tab ${String(i + 1)}`).toBe(true);
  }
  for (let i = 0; i < 8; i++) {
    await page.keyboard.press('Shift+Tab');
    expect(await focusInside(dialog), `after Shift+Tab ${String(i + 1)}`).toBe(true);
  }
  await expectNoViolationsEverywhere(page, 'the consent dialog open');

  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect.poll(() => focusedTestId(page)).toBe('exercise-open');
  await expectNoViolationsEverywhere(page, 'the report of server-everything');
});

test('confirmed by keyboard: focus on Cancel while it runs, back on the opener when the run ends', async ({ page }) => {
  test.setTimeout(180_000);
  const dashboard = new DashboardPage(page);
  await dashboard.open();
  await dashboard.runDemo();
  await page.getByTestId('exercise-open').focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByTestId('exercise-dialog');
  await expect.poll(() => focusInside(dialog)).toBe(true);
  // From the first control to Confirm by Tab alone.
  for (let i = 0; i < 6 && (await focusedTestId(page)) !== 'exercise-confirm'; i++) await page.keyboard.press('Tab');
  expect(await focusedTestId(page)).toBe('exercise-confirm');
  await page.keyboard.press('Enter');
  await expect(dialog).toHaveCount(0);
  await expect.poll(() => focusedTestId(page)).toBe('exercise-cancel');
  await expect(page.getByTestId('exercise-open')).toBeVisible({ timeout: 150_000 });
  await expect.poll(() => focusedTestId(page)).toBe('exercise-open');
  await expectNoViolationsEverywhere(page, 'the exercise finished');
});
