/** OAuth finding prm-invalid: “Protected-resource metadata unusable”. */
import type { FindingDefinition } from '../../finding';

export const PRM_INVALID_DEFINITION: FindingDefinition<'prm-invalid'> = {
  id: 'prm-invalid',
  severity: 'high',
  title: 'Protected-resource metadata unusable',
  meaning:
    'The protected-resource metadata is not a JSON object with a resource field (RFC 9728 §2), so no client can use it.',
  doesNotTell: 'What the operator meant to publish: only that this document cannot be used.',
  reference: 'RFC 9728 §2',
};
