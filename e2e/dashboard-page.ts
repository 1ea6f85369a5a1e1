// Page object for the dashboard: what a user does, by data-testid.
import { expect, type Locator, type Page } from '@playwright/test';
import { E2E_TOKEN } from './browser';

export class DashboardPage {
  constructor(readonly page: Page) {}

  /** Opens the dashboard the way a user does: the printed URL, the token in its fragment. */
  async open(): Promise<void> {
    await this.page.goto(`/#token=${E2E_TOKEN}`);
    await expect(this.page).toHaveURL(/\/$/);
    await expect(this.page.getByTestId('run-demo')).toBeVisible();
  }

  async runDemo(): Promise<void> {
    await this.page.getByTestId('run-demo').click();
    await this.waitForReport();
  }

  /** Types a one-line command (and environment rows) and starts the audit. */
  /** `inSandbox`: tick "List in the sandbox" (the listing runs on the host otherwise, as in the CLI). */
  async runCommand(
    line: string,
    env: Record<string, string> = {},
    options: { inSandbox?: boolean } = {},
  ): Promise<void> {
    await this.page.getByTestId('target-command').fill(line);
    if (options.inSandbox === true) await this.page.getByTestId('list-in-sandbox').check();
    for (const [index, [name, value]] of Object.entries(env).entries()) {
      await this.page.getByTestId('env-add').click();
      await this.page.getByTestId(`env-name-${index}`).fill(name);
      await this.page.getByTestId(`env-value-${index}`).fill(value);
    }
    await this.page.getByTestId('run-audit').click();
  }

  async waitForReport(): Promise<void> {
    await expect(this.page.getByTestId('summary-tools')).toBeVisible({ timeout: 30_000 });
  }

  summary(
    name: 'tools' | 'read-only' | 'destructive' | 'open-world' | 'unannotated' | 'partial' | 'additive',
  ): Locator {
    return this.page.getByTestId(`summary-${name}`);
  }

  rows(): Locator {
    return this.page.getByTestId('tool-row');
  }

  row(name: string): Locator {
    return this.page.locator(`[data-testid="tool-row"][data-tool-name="${name}"]`);
  }

  async rowNames(): Promise<string[]> {
    return this.rows().evaluateAll((rows) => rows.map((row) => row.getAttribute('data-tool-name') ?? ''));
  }

  errors(code: string): Locator {
    return this.page.locator(`[data-testid="audit-error"][data-code="${code}"]`);
  }
}
