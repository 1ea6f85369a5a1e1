// Where elements start on the page (CSS pixels from the top of the document), read in one go: a
// focused heading may still be scrolling into view, so boxes read one by one can disagree.
import type { Page } from '@playwright/test';

/** The top of the first element with each test id (NaN when absent), in page coordinates. */
export async function pageTops(page: Page, testIds: readonly string[]): Promise<number[]> {
  return page.evaluate(
    (ids) =>
      ids.map(
        (id) => (document.querySelector(`[data-testid="${id}"]`)?.getBoundingClientRect().top ?? Number.NaN) + scrollY,
      ),
    [...testIds],
  );
}
