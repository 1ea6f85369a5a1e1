// Page object for the History view: what a user does there, by data-testid.
import { expect, type Locator, type Page } from '@playwright/test';

export class HistoryPanel {
  constructor(readonly page: Page) {}

  async refresh(): Promise<void> {
    await this.page.getByTestId('history-refresh').click();
  }

  audits(): Locator {
    return this.page.getByTestId('history-audit');
  }

  audit(id: number): Locator {
    return this.page.locator(`[data-testid="history-audit"][data-audit-id="${id}"]`);
  }

  async auditIds(): Promise<number[]> {
    return this.audits().evaluateAll((rows) => rows.map((row) => Number(row.getAttribute('data-audit-id'))));
  }

  /** Picks two audits and compares them. */
  async compare(a: number, b: number): Promise<void> {
    await this.audit(a).getByTestId('history-pick').check();
    await this.audit(b).getByTestId('history-pick').check();
    await this.page.getByTestId('history-compare').click();
    await expect(this.page.getByTestId('history-diff')).toBeVisible();
  }

  changes(): Locator {
    return this.page.getByTestId('history-change');
  }

  /** The text of the server the view shows (the selected option). */
  async shownServer(): Promise<string> {
    return this.page
      .getByTestId('history-server')
      .evaluate((select) => (select as HTMLSelectElement).selectedOptions[0]?.textContent ?? '');
  }
}
