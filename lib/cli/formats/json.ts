/** json: the whole result as one JSON document, written one way (lib/core/report/json.ts). */
import { jsonText } from '../../core/report/json';
import type { FormatDefinition } from './definition';

export const json: FormatDefinition<'json'> = {
  name: 'json',
  description: 'the whole result as one JSON document (for an audit, the Report)',
  file: { extension: 'json', mediaType: 'application/json' },
  safeAs: 'json',
  render: {
    audit: ({ report }) => jsonText(report),
    oauth: ({ oauth, signIn }) => jsonText(signIn === null ? oauth : { ...oauth, signIn }),
    drift: async ({ drift, failOn }) => {
      const { failsGate } = await import('../../core/contract/changes');
      return jsonText({ failOn, gated: drift.changes.some((change) => failsGate(change, failOn)), drift });
    },
    contract: ({ contract }) => jsonText(contract),
    historyList: ({ entries }) => jsonText(entries),
    housekeeping: ({ done, remaining }) => jsonText({ ...done, remaining }),
    scan: ({ data }) => jsonText(data),
  },
};
