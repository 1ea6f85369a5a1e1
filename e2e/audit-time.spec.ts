// One rule for an audit's time (issue 37, lib/core/audit-time.ts): in a browser set to another zone
// and locale (UTC+14, German), History and the report both read "YYYY-MM-DD HH:MM UTC", the same audit
// at the same time (History's is when it was saved, within a minute of the report's).
import { expect, test } from '@playwright/test';
import { DashboardPage } from './dashboard-page';
import { HistoryPanel } from './history-page';

test.use({ timezoneId: 'Pacific/Kiritimati', locale: 'de-DE' });

const UTC_TIME = /(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}) UTC/;

function instant(text: string): number {
  const match = UTC_TIME.exec(text);
  if (match === null) throw new Error(`not a UTC time: ${text}`);
  return Date.parse(`${match[1] ?? ''}T${match[2] ?? ''}:00Z`);
}

test('History and the report show an audit time by one rule, in UTC, whatever the locale', async ({ page }) => {
  const dashboard = new DashboardPage(page);
  await dashboard.open();
  await dashboard.runDemo();
  const heading = await page
    .getByText(/ · generated /)
    .first()
    .innerText();
  const reportTime = UTC_TIME.exec(heading)?.[0];
  expect(reportTime, 'the report shows its time in UTC').toBeDefined();

  const history = new HistoryPanel(page);
  await history.refresh();
  const shown = await history.audits().first().innerText();
  expect(shown, 'the History row shows its time in UTC').toMatch(UTC_TIME);
  expect(Math.abs(instant(shown) - instant(reportTime ?? ''))).toBeLessThanOrEqual(60_000);
});
