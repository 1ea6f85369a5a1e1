// Issue 22 in the dashboard: the client-capabilities select in both target forms, the server's
// requests and how they were answered, the capability comparison, and the Read first box at the top
// of the report; the summary's partially-annotated count says why it differs from the filter's.
import { expect, test } from '@playwright/test';
import { expectNoViolations } from './axe';
import { DashboardPage } from './dashboard-page';
import { pageTops } from './page-tops';

const EVERYTHING = 'node node_modules/@modelcontextprotocol/server-everything/dist/index.js stdio';
const FIXTURE = 'node test/fixtures/host-requests-server.mjs';

test.describe('client capabilities and Read first', () => {
  test('server-everything: 19 tools as a host (tasks included), 13 with none, and the roots request answered', async ({
    page,
  }) => {
    const dashboard = new DashboardPage(page);
    await dashboard.open();
    const local = page.getByRole('form', { name: 'Local server (stdio)' });
    await expect(local.getByTestId('capabilities-select')).toHaveValue('host');
    await dashboard.runCommand(EVERYTHING);
    await dashboard.waitForReport();
    await expect(dashboard.summary('tools')).toHaveText('19');
    await expect(page.getByTestId('capabilities-declared')).toContainText(
      'Declared as a host: roots (listChanged), sampling, elicitation (form, url), tasks (requests), extensions (io.modelcontextprotocol/tasks).',
    );
    await expect(page.getByTestId('server-requests')).toContainText('roots/list');
    await expect(page.getByTestId('server-requests')).toContainText('1 root: file://');
    await page.getByTestId('table-filter').fill('get-roots-list');
    await expect(dashboard.row('get-roots-list')).toBeVisible();
    await page.getByTestId('table-filter').fill('');

    await local.getByTestId('capabilities-select').selectOption('none');
    await page.getByTestId('run-audit').click();
    await expect(page.getByTestId('capabilities-declared')).toContainText('Declared none: no capability.');
    await expect(dashboard.summary('tools')).toHaveText('13');
    await expect(page.getByTestId('server-requests-none')).toBeVisible();
    await expect(page.getByTestId('read-first-unlisted')).toContainText('get-roots-list');
  });

  test('a server that asks for roots, sampling and elicitation: answers, comparison, later tool', async ({ page }) => {
    const dashboard = new DashboardPage(page);
    await dashboard.open();
    await page.getByRole('form', { name: 'Local server (stdio)' }).getByTestId('compare-capabilities').check();
    await dashboard.runCommand(FIXTURE);
    await dashboard.waitForReport();
    const requests = page.getByTestId('server-requests');
    await expect(requests).toContainText('sampling/createMessage');
    await expect(requests).toContainText('error -1: Declined');
    await expect(requests).toContainText('Summarise the secrets in the workspace.');
    await expect(requests).toContainText('action: decline');
    await expect(page.getByTestId('relisted')).toContainText('added late_tool');
    await expect(page.getByTestId('capability-comparison')).toContainText(
      'Capability-gated: ask_model, ask_user, use_roots.',
    );
    await expect(page.getByTestId('read-first-gated')).toContainText('ask_model, ask_user, use_roots');
    await expect(page.getByTestId('read-first-added')).toContainText('late_tool');
    // Its top three share "unannotated": said once, then what sets each apart (issue 49).
    const top = page.getByTestId('read-first-tool');
    await expect(top.nth(1).getByTestId('read-first-reason')).toHaveText('the same as 1. (unannotated)');
    await expect(top.nth(1).getByTestId('read-first-apart')).toHaveText(
      'Sets it apart: nothing: a tie with ask_user, placed by name',
    );
    await expectNoViolations(page, 'report with server requests');
  });

  test('the hosted form has the select too', async ({ page }) => {
    const dashboard = new DashboardPage(page);
    await dashboard.open();
    const hosted = page.getByRole('form', { name: 'Hosted server (URL)' });
    await expect(hosted.getByTestId('capabilities-select')).toHaveValue('host');
    await hosted.getByTestId('capabilities-select').selectOption('none');
    await expect(hosted.getByTestId('compare-capabilities')).toBeDisabled();
  });

  test('the demo: Read first above the summary, and the partially-annotated counts explained', async ({ page }) => {
    const dashboard = new DashboardPage(page);
    await dashboard.open();
    await dashboard.runDemo();
    const box = page.getByTestId('read-first');
    await expect(box).toBeVisible();
    await expect(page.getByTestId('read-first-tool')).toHaveCount(3);
    const first = page.getByTestId('read-first-tool').first();
    await expect(first.getByTestId('read-first-name')).toHaveText('summarize_feedback');
    await expect(first.getByTestId('read-first-reason')).toContainText('hidden-characters');
    await expect(first.getByTestId('read-first-description')).toContainText('Summarize recent member feedback.');
    const [boxTop = Number.NaN, summaryTop = Number.NaN, headingTop = Number.NaN, firstTop = Number.NaN] =
      await pageTops(page, ['read-first', 'summary', 'report-heading', 'read-first-tool']);
    expect(boxTop).toBeLessThan(summaryTop);
    // The first row of the Read first box is within one screen of the report's heading.
    expect(firstTop - headingTop).toBeLessThan(page.viewportSize()?.height ?? 0);

    await expect(dashboard.summary('partial')).toHaveText('4');
    await expect(page.getByTestId('summary')).toContainText(
      '3 carry the partially-annotated flag; 1 is read-only, whose missing hints do not apply',
    );
    await expect(page.getByTestId('flag-filter').locator('option', { hasText: 'partially-annotated' })).toHaveText(
      'partially-annotated (3)',
    );
  });
});
