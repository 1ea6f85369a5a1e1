/**
 * The flag filter's choices: only the flags raised in this report, with their counts, in the
 * catalogue's order. A selected flag stays listed at 0 (a filter read from the address, or a flag
 * no tool raises any more), so the select shows what filters the table and the filter can be cleared.
 */
import { FLAG_IDS, type FlagId } from '@/lib/core/flags/catalogue';

export interface FlagOption {
  flag: FlagId;
  count: number;
}

export function flagOptions(flagCounts: Readonly<Partial<Record<FlagId, number>>>, selected: string): FlagOption[] {
  return FLAG_IDS.filter((flag) => (flagCounts[flag] ?? 0) > 0 || flag === selected).map((flag) => ({
    flag,
    count: flagCounts[flag] ?? 0,
  }));
}
