// The playground in a real Chromium against the real API and sandbox (issue 37): audit a published
// server, "Try it by hand" (consent dialog by keyboard), then call tools with typed arguments, read a
// resource and a template, get a prompt, answer server-everything's sampling and elicitation requests
// on the page (the tool's result reflects the answer), read the message log, end the session; one call
// by keyboard alone; axe on every new state, both themes, 1,280 and 390 px. server-filesystem: a write
// inside the sandbox with its effects; server-memory: one call. The page requests nothing off loopback.
// Skipped where bubblewrap or strace is missing.
import { expect, test } from '@playwright/test';
import { expectNoViolationsEverywhere } from './axe';
import { DashboardPage } from './dashboard-page';
import {
  axePlayground,
  callTool,
  endSession,
  EVERYTHING,
  focusedTestId,
  focusInside,
  loopbackOnly,
  SANDBOX_MISSING,
  sessionRuns,
  startOn,
  tabTo,
} from './playground-page';

const FILESYSTEM = 'node node_modules/@modelcontextprotocol/server-filesystem/dist/index.js .';
const MEMORY = 'node node_modules/@modelcontextprotocol/server-memory/dist/index.js';

test.skip(SANDBOX_MISSING, 'bubblewrap and strace are needed for the playground');

test('server-everything by hand: keyboard call, resource, template, prompt, sampling, elicitation, log', async ({
  page,
  context,
}) => {
  test.setTimeout(240_000);
  const outside = await loopbackOnly(context);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const dashboard = new DashboardPage(page);
  await dashboard.open();
  await dashboard.runCommand(EVERYTHING);
  await dashboard.waitForReport();

  // The consent dialog by keyboard: focus in, trapped, Escape back to the opener; then Start.
  const opener = page.getByTestId('playground-open');
  await opener.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByTestId('playground-dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId('playground-command')).toHaveText(EVERYTHING);
  await expect(dialog).toContainText('bubblewrap');
  await expect.poll(() => focusInside(dialog)).toBe(true);
  for (let i = 0; i < 4; i++) {
    await page.keyboard.press('Tab');
    expect(await focusInside(dialog), `after Tab ${String(i + 1)}`).toBe(true);
  }
  await expectNoViolationsEverywhere(page, 'the playground consent dialog');
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect.poll(() => focusedTestId(page)).toBe('playground-open');
  await page.keyboard.press('Enter');
  await tabTo(page, 'playground-start', 4);
  await page.keyboard.press('Enter');

  // The panel: its heading takes focus; a call by keyboard alone (echo is the first tool).
  const panel = page.getByTestId('playground-panel');
  await expect(panel).toBeVisible({ timeout: 60_000 });
  await expect.poll(() => focusedTestId(page)).toBe('playground-heading');
  await expect(page.getByTestId('playground-idle')).toContainText('ends after 10 min');
  // The tools' names once each (issue 49: it said "bubblewrap bubblewrap 0.8.0").
  await expect(page.getByTestId('playground-idle')).toContainText(/In the sandbox \(bubblewrap \d[^,]*, strace \d/);
  await expect(page.getByTestId('playground-tool')).toHaveValue('echo');
  await axePlayground(page, 'the playground panel');
  // echo's message is a text: a multi-line field, where Ctrl+Enter calls (Enter is a line break).
  await tabTo(page, 'field-message', 20);
  await page.keyboard.type('typed by hand');
  await page.keyboard.press('Control+Enter');
  const result = page.getByTestId('call-result');
  await expect(result).toHaveAttribute('data-outcome', 'ok', { timeout: 60_000 });
  await expect.poll(() => focusedTestId(page)).toBe('result-heading');
  await expect(result.getByTestId('result-blocks')).toContainText('Echo: typed by hand');
  await expect(result.getByTestId('result-arguments')).toContainText('"message": "typed by hand"');
  await expect(result.getByTestId('result-behaviour')).toBeVisible();
  await expect(result.getByTestId('result-effects')).toBeVisible();
  await axePlayground(page, 'a tool result');

  // A typed number: get-sum's two numbers come back added.
  const sum = await callTool(page, 'get-sum', { a: '2', b: '40' });
  await expect(sum.getByTestId('result-blocks')).toContainText('42', { timeout: 60_000 });

  // An enum as a select, structured content against the output schema.
  await page.getByTestId('playground-tool').selectOption('get-structured-content');
  await page.getByTestId('playground-tools').getByTestId('field-location').selectOption({ label: 'Chicago' });
  await page.getByTestId('playground-call').click();
  await expect(page.getByTestId('result-heading')).toContainText('get-structured-content', { timeout: 60_000 });
  await expect(result.getByTestId('result-structured-check')).toHaveAttribute('data-status', 'matches');
  // An image drawn from the data the block carries; resource links as text, never anchors.
  await callTool(page, 'get-tiny-image', {});
  await expect(result.getByTestId('result-image')).toHaveAttribute('src', /^data:image\/png;base64,/, {
    timeout: 60_000,
  });
  await callTool(page, 'get-resource-links', { count: '2' });
  await expect(result.getByTestId('result-link')).toHaveCount(2, { timeout: 60_000 });
  await expect(result.locator('a')).toHaveCount(0);
  await axePlayground(page, 'a result with links');

  // Resources: a listed one, then a template with its variable percent-encoded into the URI.
  await page.getByTestId('playground-tab-resources').click();
  await page.getByTestId('resource-read').first().click();
  await expect(result).toHaveAttribute('data-outcome', 'ok', { timeout: 60_000 });
  await expect(page.getByTestId('result-heading')).toContainText('resources/read');
  const template = page.getByTestId('playground-template').filter({ hasText: 'text/{resourceId}' });
  await template.getByTestId('template-var-resourceId').fill('7');
  await expect(template.getByTestId('template-uri')).toHaveValue('demo://resource/dynamic/text/7');
  await template.getByTestId('template-read').click();
  await expect(page.getByTestId('result-heading')).toContainText('demo://resource/dynamic/text/7', {
    timeout: 60_000,
  });
  await expect(result.getByTestId('result-blocks')).toContainText('7');
  await axePlayground(page, 'a resource result');

  // A prompt with an argument.
  await page.getByTestId('playground-tab-prompts').click();
  const prompts = page.getByTestId('playground-prompts');
  await prompts.getByTestId('playground-prompt').selectOption('args-prompt');
  await prompts.getByTestId('field-city').fill('Lisbon');
  await prompts.getByTestId('playground-get').click();
  await expect(page.getByTestId('result-heading')).toContainText('args-prompt', { timeout: 60_000 });
  await expect(result.getByTestId('result-blocks')).toContainText("What's weather in Lisbon?");

  // Sampling: the request shows while the call waits; the typed answer is the tool's result.
  await page.getByTestId('playground-tab-tools').click();
  await callTool(page, 'trigger-sampling-request', { prompt: 'say something' });
  const sampling = page.getByTestId('pending-sampling');
  await expect(sampling).toBeVisible({ timeout: 60_000 });
  await expect(sampling.getByTestId('sampling-messages')).toContainText('say something');
  await axePlayground(page, 'a pending sampling request');
  await sampling.getByTestId('sampling-answer').fill('an answer typed on the page');
  await sampling.getByTestId('sampling-send').click();
  await expect(sampling).toHaveCount(0);
  await expect(result).toHaveAttribute('data-outcome', 'ok', { timeout: 60_000 });
  await expect(result.getByTestId('result-blocks')).toContainText('an answer typed on the page');
  await expect(result.getByTestId('result-server-requests')).toContainText('sampling/createMessage');

  // Elicitation: a form drawn from its requested schema; Accept sends the values back.
  await callTool(page, 'trigger-elicitation-request', {});
  const elicitation = page.getByTestId('pending-elicitation');
  await expect(elicitation).toBeVisible({ timeout: 60_000 });
  await expect(elicitation.getByTestId('field-integer')).toHaveValue('42');
  await axePlayground(page, 'a pending elicitation request');
  await elicitation.getByTestId('elicitation-accept').click();
  // "name" is required: said, and it takes focus.
  await expect(elicitation.getByTestId('field-name')).toHaveAttribute('aria-invalid', 'true');
  await expect.poll(() => focusedTestId(page)).toBe('field-name');
  await page.keyboard.type('Ada Lovelace');
  await elicitation.getByTestId('elicitation-accept').click();
  await expect(elicitation).toHaveCount(0);
  await expect(result.getByTestId('result-blocks')).toContainText('- Name: Ada Lovelace', { timeout: 60_000 });
  await expect(result.getByTestId('result-blocks')).toContainText('- Favorite Integer: 42');

  // The message log: both directions, filtered, an entry opened, copied as NDJSON.
  await page.getByTestId('playground-tab-log').click();
  const log = page.getByTestId('message-log');
  const entries = log.getByTestId('log-entry');
  await expect(entries.first()).toBeVisible();
  await expect(log.locator('[data-testid="log-entry"][data-direction="server-to-client"]').first()).toBeVisible();
  await expect(log.locator('[data-testid="log-entry"][data-method="initialize"]').first()).toBeVisible();
  await expect(log.locator('[data-method="sampling/createMessage"]').first()).toBeVisible();
  await expect(log.locator('[data-method="elicitation/create"]').first()).toBeVisible();
  await log.getByTestId('log-method').fill('tools/call');
  await log.getByTestId('log-direction').selectOption('client-to-server');
  const calls = await entries.count();
  // echo, get-sum, get-structured-content, get-tiny-image, get-resource-links, sampling, elicitation, as sent.
  expect(calls).toBe(7);
  // Newest first: the first call sent is the last entry.
  await entries.last().locator('summary').click();
  await expect(entries.last().locator('pre')).toContainText('"typed by hand"');
  await log.getByTestId('log-copy').click();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  const lines = copied.trim().split('\n');
  expect(lines).toHaveLength(calls);
  expect((JSON.parse(lines[0] ?? '{}') as { method: string }).method).toBe('tools/call');
  await axePlayground(page, 'the message log');

  await endSession(page);
  await expect.poll(() => focusedTestId(page)).toBe('playground-open');
  await axePlayground(page, 'a session that ended');
  expect(outside).toEqual([]);
});

test('server-filesystem by hand: a write inside the sandbox, its result and effects; leaving the page ends it', async ({
  page,
  context,
}) => {
  test.setTimeout(180_000);
  const outside = await loopbackOnly(context);
  const id = await startOn(page, FILESYSTEM);
  // write_file's content is a multi-line field: its line breaks reach the file (issue 49).
  const result = await callTool(page, 'write_file', {
    path: 'playground-note.txt',
    content: 'written by hand\nsecond line',
  });
  await expect(result).toHaveAttribute('data-outcome', 'ok', { timeout: 60_000 });
  await expect(result.getByTestId('result-blocks')).toContainText('playground-note.txt');
  await expect(result.locator('[data-testid="behaviour-effect"]').first()).toContainText('playground-note.txt');
  await expect(result.getByTestId('result-behaviour')).toBeVisible();
  // Read back in the same session: the file is in the sandbox's working folder.
  const read = await callTool(page, 'read_text_file', { path: 'playground-note.txt' });
  await expect(read.getByTestId('result-blocks')).toContainText('written by hand', { timeout: 60_000 });
  expect(await read.getByTestId('result-blocks').locator('pre').first().textContent()).toContain(
    'written by hand\nsecond line',
  );
  // Leaving the page (pagehide) ends the session: a keepalive DELETE with the token.
  expect(await sessionRuns(page, id)).toBe(true);
  await page.goto('about:blank');
  await expect.poll(() => sessionRuns(page, id), { timeout: 20_000 }).toBe(false);
  expect(outside).toEqual([]);
});

test('server-memory by hand: generated arguments as a start, one call with raw JSON', async ({ page, context }) => {
  test.setTimeout(180_000);
  const outside = await loopbackOnly(context);
  await startOn(page, MEMORY);
  const tools = page.getByTestId('playground-tools');
  await tools.getByTestId('playground-tool').selectOption('search_nodes');
  await expect(tools.getByTestId('field-query')).toHaveValue('');
  await tools.getByTestId('playground-generated').click();
  await expect(tools.getByTestId('field-query')).not.toHaveValue('');
  // Raw JSON carries the form's values across; not an object is refused in an alert, with focus on it.
  await tools.getByTestId('playground-mode-json').check();
  await expect(tools.getByTestId('playground-json')).toHaveValue(/"query"/);
  await tools.getByTestId('playground-json').fill('["not an object"]');
  await tools.getByTestId('playground-call').click();
  await expect(tools.getByTestId('playground-form-problem')).toHaveText('The arguments must be a JSON object.');
  await expect.poll(() => focusedTestId(page)).toBe('playground-json');
  await tools.getByTestId('playground-json').fill('{"query": "nothing here"}');
  await tools.getByTestId('playground-call').click();
  const result = page.getByTestId('call-result');
  await expect(result).toHaveAttribute('data-outcome', /ok|tool-error/, { timeout: 60_000 });
  await expect(page.getByTestId('result-heading')).toContainText('search_nodes');
  await expect(result.getByTestId('result-arguments')).toContainText('"query": "nothing here"');
  await expect(result.getByTestId('result-effects')).toBeVisible();
  await endSession(page);
  expect(outside).toEqual([]);
});
