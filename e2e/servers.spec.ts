// "Your servers": configurations of four clients in the dashboard's HOME and project; the user picks
// servers, watches the batch, opens one report. Nothing starts before the choice; no environment
// value reaches the page.
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { expect, test } from '@playwright/test';
import { validateSarif } from '../test/sarif-validator';
import { expectNoViolations } from './axe';
import { E2E_TOKEN } from './browser';
import { E2E_SCAN_CANARY, E2E_SCAN_HOME, E2E_SCAN_PROJECT } from './scan-home';

const ROOT = process.cwd();
const NODE = process.execPath;
const RAW = join(ROOT, 'test/fixtures/raw-stdio-server.mjs');
const EVERYTHING = join(ROOT, 'node_modules/@modelcontextprotocol/server-everything/dist/index.js');
const PID_FILE = join(dirname(E2E_SCAN_HOME), 'spy-pids');

/** What the checks below read of a SARIF log (the schema validates the rest). */
interface SarifShape {
  runs: {
    results: {
      ruleId: string;
      message: { text: string };
      locations: {
        physicalLocation: {
          artifactLocation: { uri: string; description?: { text: string } };
          region: { startLine: number };
        };
      }[];
    }[];
  }[];
}

function write(file: string, data: unknown): void {
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, typeof data === 'string' ? data : JSON.stringify(data, null, 2));
}

test.beforeAll(() => {
  rmSync(dirname(E2E_SCAN_HOME), { recursive: true, force: true });
  write(join(E2E_SCAN_HOME, '.config/Claude/claude_desktop_config.json'), {
    mcpServers: { 'notes-server': { command: NODE, args: [RAW, 'basic'] } },
  });
  write(join(E2E_SCAN_HOME, '.claude.json'), {
    mcpServers: { everything: { type: 'stdio', command: NODE, args: [EVERYTHING, 'stdio'] } },
  });
  write(join(E2E_SCAN_PROJECT, '.mcp.json'), {
    mcpServers: {
      'env-dump': { command: NODE, args: [RAW, 'env-dump'], env: { API_TOKEN: '${E2E_SCAN_CANARY}' } },
    },
  });
  write(join(E2E_SCAN_HOME, '.cursor/mcp.json'), {
    mcpServers: {
      spy: { command: NODE, args: [RAW, 'grandchildren'], env: { FIXTURE_PID_FILE: PID_FILE } },
      broken: { command: 42 },
    },
  });
  write(
    join(E2E_SCAN_PROJECT, '.vscode/mcp.json'),
    '{\n  // project servers\n  "servers": {\n    "paged": { "type": "stdio", "command": "' +
      NODE +
      '", "args": ["' +
      RAW +
      '", "paged"], "env": { "TOKEN": "${input:token}" } }\n  },\n  "inputs": [{ "type": "promptString", "id": "token", "description": "A token", "password": true }]\n}\n',
  );
});

test('pick servers from four clients, watch the batch, open one report', async ({ page }) => {
  await page.goto(`/?token=${E2E_TOKEN}`);
  await page.getByTestId('servers-link').click();
  await expect(page).toHaveURL(/\/servers$/);

  const rows = page.getByTestId('server-row');
  await expect(rows).toHaveCount(5);
  const row = (name: string) => page.locator(`[data-testid="server-row"][data-name="${name}"]`);
  await expect(row('notes-server')).toContainText('Claude Desktop');
  await expect(row('notes-server').getByTestId('server-location')).toHaveText(/claude_desktop_config\.json:3$/);
  await expect(row('everything')).toContainText('Claude Code');
  await expect(row('env-dump')).toContainText('env: API_TOKEN');
  await expect(row('spy')).toContainText('Cursor');
  await expect(row('paged')).toContainText('VS Code');
  await expect(row('paged').getByTestId('server-location')).toHaveText(/\.vscode\/mcp\.json:4$/);
  // A bad entry is a finding, not a lost file.
  await expect(page.getByTestId('file-findings')).toContainText('"broken": command is a number, not a string');
  // Nothing started on listing.
  expect(existsSync(PID_FILE)).toBe(false);

  await page.getByRole('checkbox', { name: /Audit notes-server/ }).check();
  await page.getByRole('checkbox', { name: /Audit everything/ }).check();
  await page.getByRole('checkbox', { name: /Audit env-dump/ }).check();
  await page.getByRole('checkbox', { name: /Audit paged/ }).check();
  const token = page.getByLabel(/input:token/);
  await expect(token).toHaveAttribute('type', 'password');
  await token.fill('typed-token-value-9910');
  await page.getByTestId('start-batch').click();

  const overview = page.getByTestId('overview-row');
  await expect(overview).toHaveCount(4);
  await expect(page.getByTestId('session-findings')).toBeVisible({ timeout: 45_000 });
  const state = (name: string) => page.locator(`[data-testid="overview-row"][data-name="${name}"]`);
  for (const name of ['notes-server', 'everything', 'env-dump', 'paged']) {
    await expect(state(name)).toHaveAttribute('data-state', 'ok');
  }
  await expect(state('notes-server').getByTestId('overview-tools')).toHaveText('8');
  await expect(state('paged').getByTestId('overview-tools')).toHaveText('6');
  expect(existsSync(PID_FILE)).toBe(false);

  // The batch as SARIF 2.1.0 (the CLI's builder): each result at its configuration entry, files in the
  // project folder repository-relative, the others under mcp-client-config/.
  const [sarifDownload] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-sarif').click()]);
  expect(sarifDownload.suggestedFilename()).toBe('hintcheck-servers.sarif');
  const sarifText = readFileSync(await sarifDownload.path(), 'utf8');
  expect(sarifText).not.toContain(E2E_SCAN_CANARY);
  expect(sarifText).not.toContain('typed-token-value-9910');
  const sarif = JSON.parse(sarifText) as SarifShape;
  expect(validateSarif(sarif), JSON.stringify(validateSarif.errors?.slice(0, 3))).toBe(true);
  const resultsAt = (uri: string, line: number) =>
    (sarif.runs[0]?.results ?? []).filter((result) =>
      result.locations.some(
        (l) => l.physicalLocation.artifactLocation.uri === uri && l.physicalLocation.region.startLine === line,
      ),
    );
  const desktop = resultsAt('mcp-client-config/~/.config/Claude/claude_desktop_config.json', 3);
  expect(desktop.length).toBeGreaterThan(0);
  expect(desktop[0]?.message.text).toMatch(/^notes-server › /);
  expect(desktop[0]?.locations[0]?.physicalLocation.artifactLocation.description?.text).toBe(
    'Outside the repository: ~/.config/Claude/claude_desktop_config.json',
  );
  // A project file is repository-relative: paged's configuration finding at its entry.
  expect(resultsAt('.vscode/mcp.json', 4).map((result) => result.ruleId)).toContain('needs-value');
  const cursorText = readFileSync(join(E2E_SCAN_HOME, '.cursor/mcp.json'), 'utf8').split('\n');
  const brokenLine = cursorText.findIndex((line) => line.includes('"broken"')) + 1;
  expect(
    resultsAt('mcp-client-config/~/.cursor/mcp.json', brokenLine).some((result) =>
      result.message.text.includes('command is a number, not a string'),
    ),
  ).toBe(true);
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    // The buttons' colour transitions run out first (axe would read a colour half-way).
    await page.waitForFunction(() => document.getAnimations().length === 0);
    await expectNoViolations(page, `batch done, exports shown (${scheme})`);
  }

  await state('everything').getByRole('button', { name: 'everything' }).click();
  await expect(page.getByTestId('report')).toBeVisible();
  await expect(page.getByTestId('summary-tools')).not.toHaveText('0');

  const html = await page.content();
  expect(html).not.toContain(E2E_SCAN_CANARY);
  expect(html).not.toContain('typed-token-value-9910');
  await expect(token)
    .toHaveCount(0)
    .catch(() => undefined);
});

test('one Cancel ends every server of the batch', async ({ page }) => {
  write(join(E2E_SCAN_HOME, '.codeium/windsurf/mcp_config.json'), {
    mcpServers: Object.fromEntries(
      Array.from({ length: 5 }, (_, i) => [`hang-${i}`, { command: NODE, args: [RAW, 'hang-list'] }]),
    ),
  });
  await page.goto(`/servers?token=${E2E_TOKEN}`);
  for (let i = 0; i < 5; i++) await page.getByRole('checkbox', { name: new RegExp(`Audit hang-${i} `) }).check();
  await page.getByTestId('start-batch').click();
  await expect(page.locator('[data-testid="overview-row"][data-state="running"]')).toHaveCount(4);
  await page.getByTestId('cancel-batch').click();
  await expect(page.locator('[data-testid="overview-row"][data-state="cancelled"]')).toHaveCount(5);
  await expect(page.getByTestId('cancel-batch')).toHaveCount(0);
});

test('before consent, a project entry shows the file and the caller secret that feed it (issue 20)', async ({
  page,
}) => {
  const dotEnv = 'sk-proj-E2eHomeDotEnv0123456789abcdef';
  write(join(E2E_SCAN_HOME, '.env'), `OPENAI_API_KEY=${dotEnv}\n`);
  const project = join(E2E_SCAN_PROJECT, '.cursor/mcp.json');
  write(project, {
    mcpServers: {
      leaky: {
        command: NODE,
        args: [RAW, 'basic'],
        envFile: '${userHome}/.env',
        env: { LOG_LEVEL: '${env:GH_TOKEN}' },
      },
    },
  });
  try {
    await page.goto(`/?token=${E2E_TOKEN}`);
    await page.getByTestId('servers-link').click();
    const row = page.locator('[data-testid="server-row"][data-name="leaky"]');
    await expect(row.getByTestId('server-env-file')).toHaveText(
      `envFile: \${userHome}/.env → ${join(E2E_SCAN_HOME, '.env')}: every variable in it reaches the server`,
    );
    await expect(row.getByTestId('server-env')).toHaveText('env: LOG_LEVEL = ${env:GH_TOKEN}');
    const findings = row.getByTestId('config-findings');
    await expect(findings).toContainText('env-file-outside-project');
    await expect(findings).toContainText('env LOG_LEVEL takes ${env:GH_TOKEN}');
    await expect(page.locator('body')).not.toContainText(dotEnv.slice(0, 12));
    await expect(row.getByRole('checkbox')).not.toBeChecked();
  } finally {
    rmSync(project, { force: true });
  }
});

test('the new clients of the registry are listed too: Kiro and OpenAI Codex (issue 21)', async ({ page }) => {
  const kiro = join(E2E_SCAN_HOME, '.kiro/settings/mcp.json');
  const codex = join(E2E_SCAN_PROJECT, '.codex/config.toml');
  write(kiro, { mcpServers: { 'kiro-notes': { command: NODE, args: [RAW, 'basic'], autoApprove: [] } } });
  write(codex, `[mcp_servers.codex-notes]\ncommand = "npx"\nargs = ["-y", "@acme/notes"]\nenabled = false\n`);
  try {
    await page.goto(`/servers?token=${E2E_TOKEN}`);
    const row = (name: string) => page.locator(`[data-testid="server-row"][data-name="${name}"]`);
    await expect(row('kiro-notes')).toContainText('Kiro');
    await expect(row('kiro-notes').getByTestId('server-location')).toHaveText(/\.kiro\/settings\/mcp\.json:3$/);
    await expect(row('codex-notes')).toContainText('OpenAI Codex');
    await expect(row('codex-notes').getByTestId('server-location')).toHaveText(/\.codex\/config\.toml:1$/);
    await expect(row('codex-notes').getByTestId('config-findings')).toContainText('unpinned-package');
  } finally {
    rmSync(kiro, { force: true });
    rmSync(codex, { force: true });
  }
});
