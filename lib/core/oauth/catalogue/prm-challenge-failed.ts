/** OAuth finding prm-challenge-failed: “Challenge's metadata URL unusable”. */
import type { FindingDefinition } from '../../finding';

export const PRM_CHALLENGE_FAILED_DEFINITION: FindingDefinition<'prm-challenge-failed'> = {
  id: 'prm-challenge-failed',
  severity: 'medium',
  title: "Challenge's metadata URL unusable",
  meaning:
    "The challenge's resource_metadata URL did not give a usable document, so the well-known locations (RFC 9728 \u00a73.1) were tried as well. A client that trusts only the header stops here; the message says what each location gave.",
  doesNotTell: 'Which of the two the operator meant to publish.',
  reference: 'RFC 9728 §3.1 and §5.1',
};
