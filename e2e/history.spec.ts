// History in a real Chromium against the production dashboard with its own history file: three
// audits of one server whose surface changes, the diff view, "Approve as contract", and a restart.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { contractSchema } from '../lib/core/contract/schema';
import { DashboardPage } from './dashboard-page';
import { HistoryPanel } from './history-page';

const TOKEN = 'e2e-history-token-not-secret-0123';
const DRIFT = 'node test/fixtures/drift-server.mjs';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => {
        resolve(typeof address === 'object' && address !== null ? address.port : 0);
      });
    });
  });
}

/** Starts dist/serve.mjs with its own history file; resolves when it prints its URL. */
async function startDashboard(port: number, db: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['dist/serve.mjs', '--port', String(port)], {
    env: { ...process.env, HINTCHECK_TOKEN: TOKEN, HINTCHECK_DB: db, NEXT_TELEMETRY_DISABLED: '1' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('mcp-hintcheck dashboard:')) resolve();
    });
    child.once('exit', (code) => {
      reject(new Error(`the dashboard exited with ${String(code)}`));
    });
  });
  return child;
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

test.describe('History', () => {
  test('three audits, the diff view, approve as contract, and a restart keeps them', async ({ page }) => {
    test.setTimeout(120_000);
    const dir = mkdtempSync(join(tmpdir(), 'hintcheck-e2e-history-'));
    const db = join(dir, 'history.db');
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    let server = await startDashboard(port, db);
    try {
      const dashboard = new DashboardPage(page);
      const history = new HistoryPanel(page);
      for (const [surface, tools] of [
        ['v1', '4'],
        ['v2', '5'],
        ['v3', '4'],
      ] as const) {
        await page.goto(`${base}/?token=${TOKEN}`);
        await expect(page.getByTestId('run-demo')).toBeVisible();
        await dashboard.runCommand(DRIFT, { DRIFT_SURFACE: surface });
        await dashboard.waitForReport();
        await expect(dashboard.summary('tools')).toHaveText(tools);
      }

      await history.refresh();
      await expect(history.audits()).toHaveCount(3);
      const ids = await history.auditIds();
      expect(ids).toEqual([...ids].sort((a, b) => b - a));
      await expect(page.getByTestId('history-server')).toContainText('drift-fixture');
      await expect(history.audit(ids[1] ?? 0).getByTestId('history-tools')).toHaveText('5 tools');

      // Oldest against the middle one: the flip, the new description, the new tool; widening first.
      await history.compare(ids[2] ?? 0, ids[1] ?? 0);
      await expect(history.changes().first()).toHaveAttribute('data-direction', 'widening');
      await expect(page.locator('[data-testid="history-change"][data-tool="search_docs"]')).toHaveAttribute(
        'data-direction',
        'widening',
      );
      await expect(page.locator('[data-testid="history-change"][data-tool="search_docs"]')).toContainText(
        'was a read-only, closed-world tool, is now a destructive write',
      );
      await expect(page.locator('[data-testid="history-change"][data-kind="description-changed"]')).toHaveAttribute(
        'data-tool',
        'add_note',
      );
      await expect(page.locator('[data-testid="history-change"][data-kind="tool-added"]')).toHaveAttribute(
        'data-tool',
        'export_notes',
      );

      const downloading = page.waitForEvent('download');
      await history
        .audit(ids[0] ?? 0)
        .getByTestId('history-approve')
        .click();
      const download = await downloading;
      expect(download.suggestedFilename()).toBe('mcp-surface.json');
      const contract = contractSchema.parse(JSON.parse(readFileSync(await download.path(), 'utf8')));
      expect(contract.toolNames).toEqual(['add_note', 'export_notes', 'fetch_url', 'search_docs']);

      await stop(server);
      server = await startDashboard(port, db);
      await page.goto(`${base}/?token=${TOKEN}`);
      await expect(history.audits()).toHaveCount(3);
      expect(await history.auditIds()).toEqual(ids);
    } finally {
      await stop(server);
    }
  });
});
