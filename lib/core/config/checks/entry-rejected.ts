/** entry-rejected: an entry its client would reject (raised by the reader, parse.ts). */
import type { ConfigRule } from './rule';

export const entryRejected: ConfigRule<'entry-rejected'> = {
  definition: {
    id: 'entry-rejected',
    severity: 'medium',
    title: 'An entry the client would reject',
    meaning:
      'The entry lacks what its client requires (a command, or a url with a transport type), or has a field of the wrong type. The client skips it or fails to start it; this scan cannot launch it either.',
    doesNotTell: 'What the author meant: the entry is reported as written.',
    reference: 'Each client’s documented configuration format (docs/config-import.md)',
  },
  looks: 'file',
};
