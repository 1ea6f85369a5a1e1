/** OAuth finding prm-resource-mismatch: “Metadata names another resource”. */
import type { FindingDefinition } from '../../finding';

export const PRM_RESOURCE_MISMATCH_DEFINITION: FindingDefinition<'prm-resource-mismatch'> = {
  id: 'prm-resource-mismatch',
  severity: 'high',
  title: 'Metadata names another resource',
  meaning:
    'RFC 9728 §3.3: the resource in the metadata must be identical to the URL the metadata was fetched for. On a mismatch the metadata must not be used: it may describe another server, or be an attempt to send your token elsewhere. The rest of this check ignores it.',
  doesNotTell: 'Whether the mismatch is a misconfiguration or an attack.',
  reference: 'RFC 9728 §3.3',
};
