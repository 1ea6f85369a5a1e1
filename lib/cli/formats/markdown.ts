/** markdown: a pull-request comment. */
import type { FormatDefinition } from './definition';

export const markdown: FormatDefinition<'markdown'> = {
  name: 'markdown',
  description: 'a pull-request comment',
  file: { extension: 'md', mediaType: 'text/markdown;charset=utf-8' },
  safeAs: 'markup',
  render: {
    audit: async ({ report, failOn }) => (await import('../print/print-markdown')).auditToMarkdown(report, failOn),
    drift: async ({ drift, report, failOn, label }) =>
      (await import('../print/print-markdown')).driftToMarkdown(drift, report, failOn, label),
    scan: async ({ data, findings, home }) =>
      (await import('../print/print-scan-markdown')).scanToMarkdown(data, findings, home),
  },
};
