/** config-unreadable: the file does not parse as its client expects (raised by its reader, parse.ts). */
import type { ConfigRule } from './rule';

export const configUnreadable: ConfigRule<'config-unreadable'> = {
  definition: {
    id: 'config-unreadable',
    severity: 'high',
    title: 'The file is not valid for its client',
    meaning:
      'The file does not parse as the JSON its client expects (a syntax error, a comment where the client allows none, or no servers object). The client may load none of its servers. The entries that could be read are still listed.',
    doesNotTell: 'Which of the listed entries the client really loads: fix the file and scan again.',
    reference: 'RFC 8259 (JSON); each client documents whether it accepts comments',
  },
  looks: 'file',
};
