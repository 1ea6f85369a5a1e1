// The table's width at the most common laptop width (issue 49): the columns' sum fits the report at
// a 1,280 px window beside a classic scrollbar (15 px on Linux and Windows Chromium), inside the
// page's padding (app/page.tsx: sm:px-6, 24 px a side). e2e/report.spec.ts checks the drawn table.
import { describe, expect, it } from 'vitest';
import { TABLE_MIN_WIDTH, columns } from './columns';

describe('TABLE_MIN_WIDTH', () => {
  it('is the columns` sum and fits 1,280 px less a 15 px scrollbar and the padding', () => {
    expect(TABLE_MIN_WIDTH).toBe(columns.reduce((sum, column) => sum + (column.size ?? 100), 0));
    expect(TABLE_MIN_WIDTH).toBeLessThanOrEqual(1280 - 15 - 2 * 24);
  });
});
