/** OAuth finding as-issuer-mismatch: “Issuer mismatch in the metadata”. */
import type { FindingDefinition } from '../../finding';

export const AS_ISSUER_MISMATCH_DEFINITION: FindingDefinition<'as-issuer-mismatch'> = {
  id: 'as-issuer-mismatch',
  severity: 'high',
  title: 'Issuer mismatch in the metadata',
  meaning:
    'RFC 8414 §3.3: the issuer in the metadata must equal the issuer it was fetched for. A mismatch means the document must not be used.',
  doesNotTell: 'Whether the mismatch is a misconfiguration or an attack.',
  reference: 'RFC 8414 §3.3',
};
