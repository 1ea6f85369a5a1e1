/** csv: rows for a spreadsheet (formula-safe: lib/core/csv/tools.ts). */
import type { FormatDefinition } from './definition';

export const csv: FormatDefinition<'csv'> = {
  name: 'csv',
  description: 'rows for a spreadsheet: one per tool, or one per item with --all-kinds',
  file: { extension: 'csv', mediaType: 'text/csv;charset=utf-8' },
  safeAs: 'csv',
  render: {
    audit: async ({ report, allKinds }) =>
      allKinds
        ? (await import('../../core/csv/surface')).surfaceToCsv(report)
        : (await import('../../core/csv/tools')).reportToCsv(report),
    // Rows only: the sign-in is said on stderr (lib/cli/login.ts), never as a line in the CSV.
    oauth: async ({ oauth }) => (await import('../../core/csv/tools')).oauthFindingsToCsv(oauth),
    scan: async ({ data, findings }) =>
      (await import('../../core/session/overview')).overviewToCsv(data.overview, findings),
  },
};
