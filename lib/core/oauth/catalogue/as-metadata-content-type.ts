/** OAuth finding as-metadata-content-type: “Metadata served with the wrong content type”. */
import type { FindingDefinition } from '../../finding';

export const AS_METADATA_CONTENT_TYPE_DEFINITION: FindingDefinition<'as-metadata-content-type'> = {
  id: 'as-metadata-content-type',
  severity: 'low',
  title: 'Metadata served with the wrong content type',
  meaning:
    'The authorization-server metadata is served with a content type other than application/json (RFC 8414 §3.2). Strict clients refuse it; a lenient one reads it anyway. Often a misconfigured proxy or an HTML error page; it does not mean the fields are wrong.',
  doesNotTell: 'That the fields are wrong.',
  reference: 'RFC 8414 §3.2',
};
