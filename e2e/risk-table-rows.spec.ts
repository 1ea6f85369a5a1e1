// Every tool of a report up to the drawing threshold is in the DOM (issue 37), so the browser's
// find-in-page finds a tool that is on the page, at 390 px (cards) as at 1,280 px.
import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { expectNoViolationsEverywhere } from './axe';
import { DashboardPage } from './dashboard-page';

test("every one of the demo's tools is on the page, at 390 px too: find-in-page finds each", async ({ page }) => {
  // axe over every row drawn, in both themes at two widths: past 30 s on a loaded machine.
  test.setTimeout(120_000);
  const dashboard = new DashboardPage(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await dashboard.open();
  await dashboard.runDemo();
  // The names from the report itself (its JSON download), not from the table.
  const download = page.waitForEvent('download');
  await page.getByTestId('export-json').click();
  const report = JSON.parse(readFileSync(await (await download).path(), 'utf8')) as { tools: { name: string }[] };
  const names = report.tools.map((tool) => tool.name);
  expect(names.length).toBeGreaterThan(10);
  // Scrolled to the top: the table starts far below the window, every row drawn all the same.
  await page.evaluate(() => {
    window.scrollTo(0, 0);
  });
  await expect(dashboard.rows()).toHaveCount(names.length);
  const shown = await page.getByTestId('risk-table').innerText();
  for (const name of names) expect.soft(shown, name).toContain(name);
  await page.setViewportSize({ width: 1280, height: 900 });
  await expect(dashboard.rows()).toHaveCount(names.length);
  await expectNoViolationsEverywhere(page, 'every row drawn');
});
