// The playground's conveniences in a real Chromium against the real API and sandbox (issue 49), on the
// published server-everything: the searchable tool picker with rank and worst flag, a multi-line
// argument whose line breaks reach the server, an image at a readable size, a result's resource link
// read in the same session, completion of a prompt's arguments (the second narrowed by the first) and
// of a template's variable, a subscription whose updates show as they come, the message log newest
// first with each request's latency and Send again, and the list of running sessions with End (a
// session whose tab is gone is ended from another tab). axe (target-size on) on every state, both
// themes, 1,280 and 390 px. The page requests nothing off loopback. Skipped without bubblewrap/strace.
import { expect, test, type Page } from '@playwright/test';
import { DashboardPage } from './dashboard-page';
import {
  axePlayground,
  callTool,
  endSession,
  EVERYTHING,
  loopbackOnly,
  SANDBOX_MISSING,
  sessionRuns,
  startOn,
} from './playground-page';

test.skip(SANDBOX_MISSING, 'bubblewrap and strace are needed for the playground');

/** The text of the first text block of the result, as drawn (line breaks kept). */
async function firstText(page: Page): Promise<string> {
  return (await page.getByTestId('result-blocks').locator('pre').first().textContent()) ?? '';
}

test('server-everything: picker, multi-line, image, link, completion, subscription, log with latency and replay', async ({
  page,
  context,
}) => {
  test.setTimeout(300_000);
  const outside = await loopbackOnly(context);
  await startOn(page, EVERYTHING);
  await axePlayground(page, 'the playground panel');
  const tools = page.getByTestId('playground-tools');
  const result = page.getByTestId('call-result');

  // The picker: a search over name, title and description; the tool's rank in the risk order and its worst flag.
  await tools.getByTestId('tool-search').fill('environment variables');
  await expect(tools.getByTestId('tool-matches')).toHaveText(/^1 of \d+ tools match\.$/);
  await expect(tools.getByTestId('playground-tool')).toHaveValue('get-env');
  await expect(tools.getByTestId('playground-tool').locator('option')).toHaveCount(1);
  await expect(tools.getByTestId('tool-rank')).toContainText(/#1 of \d+ in the risk order/);
  await expect(tools.getByTestId('tool-top-flag')).toHaveText('high');
  await axePlayground(page, 'a tool found by search');
  await tools.getByTestId('tool-search').fill('');
  await expect(tools.getByTestId('tool-matches')).toHaveText(/^\d+ tools, in listing order\.$/);

  // A multi-line argument: Enter is a line break, Ctrl+Enter calls; the break reaches the server and back.
  await tools.getByTestId('playground-tool').selectOption('echo');
  const message = tools.getByTestId('field-message');
  await expect(message).toHaveJSProperty('tagName', 'TEXTAREA');
  await message.click();
  await page.keyboard.type('first line');
  await page.keyboard.press('Enter');
  await page.keyboard.type('second line');
  await axePlayground(page, 'a multi-line argument typed');
  await page.keyboard.press('Control+Enter');
  await expect(result).toHaveAttribute('data-outcome', 'ok', { timeout: 60_000 });
  expect(await firstText(page)).toContain('Echo: first line\nsecond line');
  await expect(result.getByTestId('result-arguments')).toContainText('"message": "first line\\nsecond line"');

  // An image at a readable size: the tiny image scaled up by a whole factor, drawn pixelated.
  await callTool(page, 'get-tiny-image', {});
  const image = result.getByTestId('result-image');
  await expect(image).toBeVisible({ timeout: 60_000 });
  const box = await image.boundingBox();
  expect(box?.width ?? 0).toBeGreaterThanOrEqual(128);
  await axePlayground(page, 'an image result');

  // A resource link read in the same session.
  await callTool(page, 'get-resource-links', { count: '1' });
  await expect(result.getByTestId('result-link')).toHaveCount(1, { timeout: 60_000 });
  await axePlayground(page, 'a result with a resource link');
  await result.getByTestId('result-link-open').click();
  await expect(page.getByTestId('result-heading')).toContainText('resources/read', { timeout: 60_000 });
  await expect(page.getByTestId('result-heading')).toContainText('demo://resource/');
  await expect(result).toHaveAttribute('data-outcome', 'ok');

  // Completion of a prompt's arguments: the server's values as a list to pick; the second narrowed by the first.
  await page.getByTestId('playground-tab-prompts').click();
  const prompts = page.getByTestId('playground-prompts');
  await prompts.getByTestId('playground-prompt').selectOption('completable-prompt');
  await prompts.getByTestId('field-department').fill('S');
  const departments = prompts.getByTestId('completion-department').getByTestId('completion-value');
  await expect(departments).toHaveText(['Sales', 'Support'], { timeout: 20_000 });
  await axePlayground(page, 'completion suggestions');
  await departments.filter({ hasText: 'Sales' }).click();
  await expect(prompts.getByTestId('field-department')).toHaveValue('Sales');
  await prompts.getByTestId('field-name').fill('E');
  const names = prompts.getByTestId('completion-name').getByTestId('completion-value');
  await expect(names).toHaveText(['Eve'], { timeout: 20_000 });
  await names.first().click();
  await prompts.getByTestId('playground-get').click();
  await expect(result.getByTestId('result-blocks')).toContainText('Please promote Eve to the head of the Sales team.', {
    timeout: 60_000,
  });

  // Completion of a template's variable, then a subscription whose updates arrive while nothing is called.
  await page.getByTestId('playground-tab-resources').click();
  const template = page.getByTestId('playground-template').filter({ hasText: 'text/{resourceId}' });
  await template.getByTestId('template-var-resourceId').fill('12');
  await expect(template.getByTestId('completion-resourceId').getByTestId('completion-value')).toHaveText(['12'], {
    timeout: 20_000,
  });
  const resource = page.getByTestId('playground-resource').first();
  await resource.getByTestId('resource-subscribe').click();
  await expect(resource.getByTestId('subscription-updates')).toHaveText('Subscribed, no update yet');
  await axePlayground(page, 'a subscription waiting');
  // server-everything sends its updates once told to (every 5 s after the first).
  await page.getByTestId('playground-tab-tools').click();
  await callTool(page, 'toggle-subscriber-updates', {});
  await expect(result).toHaveAttribute('data-outcome', 'ok', { timeout: 60_000 });
  await page.getByTestId('playground-tab-resources').click();
  await expect(resource.getByTestId('subscription-updates')).toHaveText(/^\d+ updates?, the last at \+[\d.]+ s$/, {
    timeout: 20_000,
  });
  await axePlayground(page, 'a subscription with updates');
  await resource.getByTestId('resource-unsubscribe').click();
  await expect(resource.getByTestId('resource-subscribe')).toBeVisible();
  await expect(resource.getByTestId('subscription-updates')).toHaveCount(0);

  // The message log: newest first, each request with the time its answer took; a call sent again.
  await page.getByTestId('playground-tab-log').click();
  const log = page.getByTestId('message-log');
  const entries = log.getByTestId('log-entry');
  await expect(entries.first()).toBeVisible();
  const seqs = await entries.evaluateAll((nodes) => nodes.map((node) => Number(node.getAttribute('data-seq'))));
  expect(seqs).toEqual([...seqs].sort((a, b) => b - a));
  const echoRequest = log
    .locator('[data-testid="log-entry"][data-kind="request"][data-method="tools/call"]')
    .filter({ hasText: 'answered in' })
    .last();
  const latency = echoRequest.getByTestId('log-latency');
  await expect(latency).toHaveText(/answered in \d+ ms \(#\d+\)/);
  expect(Number(await latency.getAttribute('data-ms'))).toBeGreaterThanOrEqual(0);
  await expect(
    log.locator('[data-testid="log-entry"][data-kind="response"][data-method="completion/complete"]').first(),
  ).toContainText(/\d+ ms after its request #\d+/);
  await axePlayground(page, 'the message log with latencies');
  await echoRequest.locator('summary').click();
  await expect(echoRequest.locator('pre')).toContainText('first line\\nsecond line');
  await axePlayground(page, 'a log entry opened');
  await echoRequest.getByTestId('log-replay').click();
  await expect(page.getByTestId('playground-tab-tools')).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('result-heading')).toContainText('echo', { timeout: 60_000 });
  expect(await firstText(page)).toContain('Echo: first line\nsecond line');

  await endSession(page);
  await axePlayground(page, 'a session that ended');
  expect(outside).toEqual([]);
});

test('a session whose tab is gone is listed in another tab and ended there, freeing its slot', async ({
  page,
  context,
}) => {
  test.setTimeout(240_000);
  const outside = await loopbackOnly(context);
  const id = await startOn(page, EVERYTHING);
  // Another tab of the same dashboard: the report's playground part lists the running session.
  const other = await context.newPage();
  const dashboard = new DashboardPage(other);
  await dashboard.open();
  await dashboard.runCommand(EVERYTHING);
  await dashboard.waitForReport();
  const list = other.getByTestId('live-sessions');
  await expect(list.getByTestId('live-session')).toHaveCount(1);
  await expect(list).toContainText('1 of the 2 this dashboard runs at once');
  await expect(list.getByTestId('live-session')).toContainText('server-everything');
  await axePlayground(other, 'the running sessions listed');
  await list.getByTestId('live-session-end').click();
  await expect(other.getByTestId('live-sessions')).toHaveCount(0);
  await expect.poll(() => sessionRuns(other, id), { timeout: 20_000 }).toBe(false);
  // The first tab learns its session ended (its next read of the state).
  await expect(page.getByTestId('playground-ended')).toBeVisible({ timeout: 30_000 });
  await axePlayground(page, 'a session ended from another tab');
  await other.close();
  expect(outside).toEqual([]);
});
