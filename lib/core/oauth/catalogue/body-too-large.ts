/** OAuth finding body-too-large: “A response exceeded the size cap”. */
import type { FindingDefinition } from '../../finding';

export const BODY_TOO_LARGE_DEFINITION: FindingDefinition<'body-too-large'> = {
  id: 'body-too-large',
  severity: 'medium',
  title: 'A response exceeded the size cap',
  meaning:
    'A response was larger than the size cap and was not read. Metadata documents are small; a huge one is broken or hostile.',
  doesNotTell: 'What the document says: it was not read.',
  reference: 'mcp-hintcheck fetch limits',
};
