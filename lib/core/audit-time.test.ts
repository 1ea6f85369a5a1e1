// One rule for an audit's time (issue 37): History and the report read the same, in UTC.
import { describe, expect, it } from 'vitest';
import { formatAuditTime } from './audit-time';

describe('formatAuditTime', () => {
  it('shows the time in UTC', () => {
    expect(formatAuditTime('2026-11-30T10:05:59.123Z')).toBe('2026-11-30 10:05 UTC');
  });
  it('converts a time given with an offset, never shows the offset as UTC', () => {
    expect(formatAuditTime('2026-11-30T01:30:00+02:00')).toBe('2026-11-29 23:30 UTC');
  });
  it('leaves text that is not a time as it is', () => {
    expect(formatAuditTime('yesterday')).toBe('yesterday');
  });
});
