// A task tool run to its result in the playground (issue 50), in a real Chromium against the real API
// and sandbox: server-everything's simulate-research-query (execution.taskSupport "required") is
// called with a typed topic; while it runs the page shows the task and its status moving through its
// stages, and the result is the research report, with the task's progress beside it. axe on the
// running and the finished states; nothing requested off loopback. Skipped without bubblewrap/strace.
import { execFileSync } from 'node:child_process';
import { expect, test } from '@playwright/test';
import { AXE_VIEWPORTS, expectNoViolationsEverywhere } from './axe';
import { DashboardPage } from './dashboard-page';

const EVERYTHING = 'node node_modules/@modelcontextprotocol/server-everything/dist/index.js stdio';
const LOOPBACK = /^(?:https?:\/\/(?:127\.0\.0\.1|\[::1\]|localhost)(?::\d+)?\/|data:|about:|blob:)/;

function installed(name: string): boolean {
  try {
    execFileSync('sh', ['-c', `command -v ${name}`], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

test.skip(!installed('bwrap') || !installed('strace'), 'bubblewrap and strace are needed for the playground');

test('server-everything: simulate-research-query runs as a task to its result, its progress shown', async ({
  page,
  context,
}) => {
  test.setTimeout(180_000);
  const outside: string[] = [];
  await context.route('**/*', (route) => {
    const url = route.request().url();
    if (LOOPBACK.test(url)) return route.continue();
    outside.push(url);
    return route.abort();
  });
  const dashboard = new DashboardPage(page);
  await dashboard.open();
  await dashboard.runCommand(EVERYTHING);
  await dashboard.waitForReport();
  await page.getByTestId('playground-open').click();
  await page.getByTestId('playground-start').click();
  await expect(page.getByTestId('playground-panel')).toBeVisible({ timeout: 60_000 });

  const tools = page.getByTestId('playground-tools');
  await tools.getByTestId('playground-tool').selectOption('simulate-research-query');
  await tools.getByTestId('field-topic').fill('tasks in MCP');
  await tools.getByTestId('playground-call').click();

  // While it runs: the task, working, in the live region.
  const running = page.getByTestId('playground-in-flight').getByTestId('playground-task');
  await expect(running).toBeVisible({ timeout: 30_000 });
  await expect(running.getByTestId('task-status')).toHaveText('working');
  await expect(running.getByTestId('task-updates')).toContainText('...');
  await expectNoViolationsEverywhere(page, 'a task running', [AXE_VIEWPORTS[0]], '[data-testid="playground"]');

  // Its result: the report, and the task's progress to completed.
  const result = page.getByTestId('call-result');
  await expect(result).toHaveAttribute('data-outcome', 'ok', { timeout: 60_000 });
  await expect(result.getByTestId('result-blocks')).toContainText('Research Report: tasks in MCP');
  const task = result.getByTestId('playground-task');
  await expect(task).toHaveAttribute('data-status', 'completed');
  await expect(task.getByTestId('task-updates')).toContainText('Gathering sources...');
  await expect(task.getByTestId('task-updates')).toContainText('completed');
  await expect(page.getByTestId('playground-in-flight').getByTestId('playground-task')).toHaveCount(0);
  await expectNoViolationsEverywhere(page, 'a task run to its result', AXE_VIEWPORTS, '[data-testid="playground"]');

  await page.getByTestId('playground-end').click();
  await expect(page.getByTestId('playground-ended')).toContainText('You ended the session');
  expect(outside).toEqual([]);
});
