/** text: for a person at a terminal (colours unless piped, --no-color or NO_COLOR). */
import type { FormatDefinition } from './definition';

export const text: FormatDefinition<'text'> = {
  name: 'text',
  description: 'for reading in a terminal (the default; colours unless piped, --no-color or NO_COLOR)',
  file: { extension: 'txt', mediaType: 'text/plain;charset=utf-8' },
  safeAs: 'text',
  render: {
    audit: async ({ report, style }) => (await import('../print/print-text')).renderText(report, style),
    oauth: async ({ oauth, signIn, style }) => {
      const { renderOAuthSection, signedInLine } = await import('../print/print-oauth');
      return `${renderOAuthSection(oauth, style).join('\n')}\n${signIn === null ? '' : signedInLine(signIn)}`;
    },
    drift: async ({ drift, failOn, style, label }) =>
      (await import('../print/print-drift')).renderDrift(drift, failOn, style, label),
    historyList: async (input) => (await import('../print/print-history')).renderHistoryList(input),
    housekeeping: async (input) => (await import('../print/print-history')).renderHousekeeping(input),
    scan: async ({ data, findings, style }) =>
      (await import('../print/print-scan')).renderScan(data.overview, findings, style),
  },
};
