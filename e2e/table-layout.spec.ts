// The risk table shows what it holds (issue 24): every tool name and title whole at 1,280 px (wrapped,
// never cut, a title never split inside a word that fits its column), every column header uncut; the
// skip link after the report heading reaches the first row in two key presses; at 390 px an opened
// tool's hints fit the screen (nothing scrolls sideways, nothing is cut).
import { expect, test, type Locator } from '@playwright/test';
import { DashboardPage } from './dashboard-page';

const EVERYTHING = 'node node_modules/@modelcontextprotocol/server-everything/dist/index.js stdio';

/** Elements under `root` whose text is cut: wider than their box while their overflow is hidden. */
function cutText(root: Locator): Promise<string[]> {
  return root.evaluate((element) =>
    [element, ...Array.from(element.querySelectorAll<HTMLElement>('*'))]
      .filter((node) => !node.classList.contains('sr-only') && node.clientWidth > 0)
      .filter((node) => {
        const style = getComputedStyle(node);
        const clips = style.overflowX !== 'visible' || style.textOverflow === 'ellipsis';
        return clips && node.scrollWidth > node.clientWidth + 1 && node.getAttribute('tabindex') !== '0';
      })
      .map((node) => `${node.tagName} "${node.textContent.slice(0, 40)}" ${node.scrollWidth} > ${node.clientWidth}`),
  );
}

/**
 * Words of `element`'s text (parts between spaces and hyphens) drawn on two lines although they would
 * fit on one line of its width.
 */
function splitWords(element: Locator): Promise<string[]> {
  return element.evaluate((node) => {
    const width = node.getBoundingClientRect().width;
    const split: string[] = [];
    const walker = document.createTreeWalker(node, NodeFilter.SHOW_TEXT);
    for (let text = walker.nextNode(); text !== null; text = walker.nextNode()) {
      const value = text.textContent ?? '';
      for (const match of value.matchAll(/[^\s-]+/g)) {
        const range = document.createRange();
        range.setStart(text, match.index);
        range.setEnd(text, match.index + match[0].length);
        const lines = new Set(Array.from(range.getClientRects()).map((rect) => Math.round(rect.top)));
        if (lines.size > 1 && range.getBoundingClientRect().width < width) split.push(match[0]);
      }
    }
    return split;
  });
}

test('full tool names and titles at 1,280 px, headers uncut', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  const dashboard = new DashboardPage(page);
  await dashboard.open();
  await dashboard.runCommand(EVERYTHING);
  await dashboard.waitForReport();
  const names = await dashboard.rowNames();
  expect(names).toContain('gzip-file-as-resource');
  expect(await cutText(page.getByTestId('risk-table').locator('thead'))).toEqual([]);
  for (const name of names) {
    await dashboard.row(name).scrollIntoViewIfNeeded();
    const cell = dashboard.row(name).locator('td[data-column="name"]');
    expect(await cutText(cell), name).toEqual([]);
    await expect(cell).toContainText(name);
    const title = cell.locator('div > div').first();
    expect(await splitWords(title), name).toEqual([]);
  }
});

test('the skip link: first Tab after the report heading, shown, Enter focuses the first row', async ({ page }) => {
  const dashboard = new DashboardPage(page);
  await dashboard.open();
  await dashboard.runDemo();
  const heading = page.getByTestId('report-heading');
  await expect(heading).toBeFocused();
  await page.keyboard.press('Tab');
  const skip = page.getByTestId('skip-to-table');
  await expect(skip).toBeFocused();
  await expect(skip).toHaveText('Skip to the tools table');
  expect((await skip.boundingBox())?.width ?? 0).toBeGreaterThan(40);
  await expect(skip).toBeInViewport();
  await page.keyboard.press('Enter');
  const first = (await dashboard.rowNames())[0] ?? '';
  await expect(dashboard.row(first).getByTestId('row-expand')).toBeFocused();
  // Away from focus it is out of sight again.
  await page.keyboard.press('Shift+Tab');
  expect((await skip.boundingBox())?.width ?? 0).toBeLessThanOrEqual(1);
});

test('at 390 px an opened tool fits: hints as cards, nothing cut or scrolled sideways', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const dashboard = new DashboardPage(page);
  await dashboard.open();
  await dashboard.runDemo();
  await dashboard.row('summarize_feedback').click();
  const details = page.getByTestId('tool-details');
  await expect(details).toBeVisible();
  const hints = page.getByTestId('hint-table');
  const box = await hints.boundingBox();
  expect((box?.x ?? -1) >= 0 && (box?.x ?? 0) + (box?.width ?? 0) <= 390).toBe(true);
  expect(await hints.evaluate((table) => table.scrollWidth <= (table.parentElement?.clientWidth ?? 0))).toBe(true);
  expect(await cutText(details)).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});
