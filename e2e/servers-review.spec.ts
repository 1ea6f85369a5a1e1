// "Your servers" for a reviewer (issue 24): entries the most severe first; Select all leaves the risky
// ones (unpinned package, plain-text secret, http remote, project entry) out and names them, with a
// separate, explicit "Include"; a failed server shows its failure, not zeros; the Status column stays
// in view at 1,280 px; the exfiltration triangle comes first with real private-data readers
// (server-filesystem's file readers, server-everything's get-env, never get-sum or get-tiny-image);
// one collision card for one server configured twice; the overview CSV carries the findings.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { expectNoViolations } from './axe';
import { E2E_TOKEN } from './browser';
import { E2E_SCAN_HOME, E2E_SCAN_PROJECT } from './scan-home';

const ROOT = process.cwd();
const NODE = process.execPath;
const RAW = join(ROOT, 'test/fixtures/raw-stdio-server.mjs');
const DRIFT = join(ROOT, 'test/fixtures/drift-server.mjs');
const EVERYTHING = join(ROOT, 'node_modules/@modelcontextprotocol/server-everything/dist/index.js');
const FILESYSTEM = join(ROOT, 'node_modules/@modelcontextprotocol/server-filesystem/dist/index.js');
const SHARED = join(dirname(E2E_SCAN_HOME), 'shared');
const SECRET = 'sk-proj-E2eReviewPlainKey0123456789abcdef';

function write(file: string, data: unknown): void {
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, typeof data === 'string' ? data : JSON.stringify(data, null, 2));
}

test.beforeAll(() => {
  rmSync(dirname(E2E_SCAN_HOME), { recursive: true, force: true });
  mkdirSync(SHARED, { recursive: true });
  writeFileSync(join(SHARED, 'readme.txt'), 'a file the filesystem server may read\n');
  // Claude Desktop passes ${...} literally: a low finding, nothing risky in starting it.
  write(join(E2E_SCAN_HOME, '.config/Claude/claude_desktop_config.json'), {
    mcpServers: { notes: { command: NODE, args: [RAW, 'basic'], env: { LOG_LEVEL: '${LEVEL}' } } },
  });
  write(join(E2E_SCAN_HOME, '.cursor/mcp.json'), {
    mcpServers: {
      'notes-copy': { command: NODE, args: [RAW, 'basic'] },
      dies: { command: NODE, args: [RAW, 'exit-early'] },
      fetcher: { command: 'npx', args: ['-y', '@acme/never-run-mcp'] },
      keyed: { command: NODE, args: [RAW, 'basic'], env: { OPENAI_API_KEY: SECRET } },
      remote: { url: 'http://mcp.example.com/mcp' },
      drift: { command: NODE, args: [DRIFT] },
      everything: { command: NODE, args: [EVERYTHING, 'stdio'] },
      files: { command: NODE, args: [FILESYSTEM, SHARED] },
    },
  });
  write(join(E2E_SCAN_PROJECT, '.cursor/mcp.json'), { mcpServers: { repo: { command: NODE, args: [RAW, 'basic'] } } });
  // notes-copy, identical in four more clients: one overview row naming five clients (a wide row).
  const copy = { command: NODE, args: [RAW, 'basic'] };
  write(join(E2E_SCAN_HOME, '.claude.json'), { mcpServers: { 'notes-copy': { type: 'stdio', ...copy } } });
  write(join(E2E_SCAN_HOME, '.codeium/windsurf/mcp_config.json'), { mcpServers: { 'notes-copy': copy } });
  write(join(E2E_SCAN_HOME, '.gemini/settings.json'), { mcpServers: { 'notes-copy': copy } });
  write(join(E2E_SCAN_HOME, '.kiro/settings/mcp.json'), { mcpServers: { 'notes-copy': copy } });
});

const names = (page: Page, testId: string) =>
  page.getByTestId(testId).evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-name') ?? ''));

test('Select all leaves the risky entries out, names them, and includes them only when asked', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`/servers?token=${E2E_TOKEN}`);
  await expect(page.getByTestId('server-row')).toHaveCount(14);
  // The most severe first: the plain-text secret and the http remote (high), the unpinned package
  // (medium), the literal ${...} (low), then the entries without findings in file order.
  expect((await names(page, 'server-row')).slice(0, 4)).toEqual(['keyed', 'remote', 'fetcher', 'notes']);
  await expect(page.locator('[data-testid="server-row"][data-name="keyed"]').getByTestId('server-risky')).toHaveText(
    'Not in Select all: a secret written in plain text',
  );

  await page.getByTestId('select-all').click();
  await expect(page.getByTestId('start-batch')).toHaveText('Audit 10 selected');
  const notice = page.getByTestId('risky-notice');
  await expect(notice).toContainText('4 risky entries not selected:');
  expect(await names(page, 'risky-entry')).toEqual(['keyed', 'remote', 'fetcher', 'repo']);
  await expect(notice.locator('[data-name="fetcher"]')).toContainText('unpinned package');
  await expect(notice.locator('[data-name="remote"]')).toContainText('remote over plain http');
  await expect(notice.locator('[data-name="repo"]')).toContainText('from a project folder');
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.waitForFunction(() => document.getAnimations().length === 0);
    await expectNoViolations(page, `risky entries held back (${scheme})`);
  }
  for (const name of ['keyed', 'remote', 'fetcher', 'repo']) {
    await expect(page.getByRole('checkbox', { name: new RegExp(`^Audit ${name} `) })).not.toBeChecked();
  }

  await page.getByTestId('include-risky').click();
  await expect(page.getByTestId('start-batch')).toHaveText('Audit 14 selected');
  await expect(page.getByRole('checkbox', { name: /^Audit fetcher / })).toBeChecked();
  await expect(notice).toHaveCount(0);
  await page.getByRole('button', { name: 'Select none' }).click();
  await expect(page.getByTestId('start-batch')).toHaveText('Audit 0 selected');
  await expect(page.locator('body')).not.toContainText(SECRET.slice(0, 12));
});

test('a failed server shows its failure; the triangle comes first with real private-data readers', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`/servers?token=${E2E_TOKEN}`);
  await page.getByTestId('select-all').click();
  await expect(page.getByTestId('start-batch')).toHaveText('Audit 10 selected');
  await page.getByTestId('start-batch').click();
  await expect(page.getByTestId('session-findings')).toBeVisible({ timeout: 60_000 });

  const row = (name: string) => page.locator(`[data-testid="overview-row"][data-name="${name}"]`);
  await expect(row('dies')).toHaveAttribute('data-state', 'failed');
  await expect(row('dies').getByTestId('overview-failure')).toContainText('Failed:');
  await expect(row('dies').getByTestId('overview-failure')).toContainText('MISSING_API_KEY');
  await expect(row('dies').getByTestId('overview-tools')).toHaveCount(0);
  await expect(row('dies')).not.toContainText('none');
  await expect(row('notes').getByTestId('overview-tools')).toHaveText('8');
  // The Status column is not scrolled out of view at 1,280 px (the page scrolled down to the table,
  // the table's own horizontal scroll left where it starts).
  await page.getByTestId('batch-panel').evaluate((panel) => {
    panel.scrollIntoView({ block: 'start' });
  });
  await expect(row('dies').getByTestId('overview-status')).toBeInViewport({ ratio: 1 });
  await expect(row('dies').getByTestId('overview-failure')).toBeInViewport({ ratio: 1 });
  await expect(row('files').getByTestId('overview-status')).toContainText('tools');

  const findings = page.getByTestId('session-finding');
  await expect(findings.first()).toHaveAttribute('data-id', 'exfiltration-triangle');
  const readers = findings.first().getByTestId('private-data-readers');
  await expect(readers).toContainText('files/read_text_file (files');
  await expect(readers).toContainText('everything/get-env (environment variables or credentials');
  await expect(readers).not.toContainText('get-sum');
  await expect(readers).not.toContainText('get-tiny-image');
  await expect(readers).not.toContainText('get-roots-list');
  await expect(readers).not.toContainText('drift/');
  // notes and notes-copy are one server configured twice: one card, every shared name in it.
  const collisions = page.locator('[data-testid="session-finding"][data-id="tool-name-collision"]');
  await expect(collisions).toHaveCount(1);
  await expect(collisions).toContainText('notes and notes-copy both offer 8 tools');

  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.waitForFunction(() => document.getAnimations().length === 0);
    await expectNoViolations(page, `failed row and triangle (${scheme})`);
  }

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByTestId('export-overview-csv').click(),
  ]);
  const csv = readFileSync(await download.path(), 'utf8').split('\r\n');
  const header = csv[0]?.split(',') ?? [];
  expect(header.slice(-2)).toEqual(['config_findings', 'session_findings']);
  const notesLine = csv.find((line) => line.startsWith('notes,')) ?? '';
  expect(notesLine).toContain('low variable-not-expanded');
  expect(notesLine).toContain('high tool-name-collision: notes and notes-copy');
  expect(csv.join('\n')).not.toContain(SECRET.slice(0, 12));
});
