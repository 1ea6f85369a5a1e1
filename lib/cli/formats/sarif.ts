/** sarif: SARIF 2.1.0 for code scanning (GitHub, GitLab): each finding at its file and line. */
import { jsonText } from '../../core/report/json';
import type { FormatDefinition } from './definition';

export const sarif: FormatDefinition<'sarif'> = {
  name: 'sarif',
  description: 'SARIF 2.1.0 for code scanning (GitHub, GitLab)',
  // SARIF 2.1.0 §3.2: the .sarif extension and the application/sarif+json media type.
  file: { extension: 'sarif', mediaType: 'application/sarif+json' },
  safeAs: 'json',
  render: {
    audit: async ({ report }) => jsonText((await import('../../core/sarif/build')).auditToSarif(report)),
    drift: async ({ drift, report, contractUri, contractText, failOn }) =>
      jsonText(
        (await import('../../core/sarif/build')).driftToSarif(
          drift,
          report,
          { uri: contractUri, text: contractText },
          failOn,
        ),
      ),
    scan: async ({ data, root, home, listings, results, serverIds }) => {
      const { batchToSarif, sarifText } = await import('../../core/sarif/scan');
      return sarifText(
        batchToSarif({
          generator: data.generator,
          generatedAt: data.generatedAt,
          root,
          home,
          configFindings: data.configFindings,
          listings,
          results,
          sessionFindings: data.sessionFindings,
          serverIds,
        }),
      );
    },
  },
};
