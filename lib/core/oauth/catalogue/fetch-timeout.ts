/** OAuth finding fetch-timeout: “A request timed out”. */
import type { FindingDefinition } from '../../finding';

export const FETCH_TIMEOUT_DEFINITION: FindingDefinition<'fetch-timeout'> = {
  id: 'fetch-timeout',
  severity: 'medium',
  title: 'A request timed out',
  meaning: 'A request did not complete in time. The document it was for could not be checked.',
  doesNotTell: 'Whether the document is correct: it was not read.',
  reference: 'mcp-hintcheck fetch limits',
};
