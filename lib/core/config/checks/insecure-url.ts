/** insecure-url: a remote server reached over plain http. */
import { insecureUrl as isInsecure } from '../launch';
import { displayUrl } from '../secrets';
import { at, located, type ConfigRule } from './rule';

export const insecureUrl: ConfigRule<'insecure-url'> = {
  definition: {
    id: 'insecure-url',
    severity: 'high',
    title: 'Remote server over plain http',
    meaning:
      'The server is reached over http:// on a host that is not this machine. Requests, tool results and any Authorization header cross the network unencrypted and can be read or changed on the way.',
    doesNotTell: 'Whether the host redirects to https: the first request and its headers are sent in clear either way.',
    reference: 'MCP specification, Authorization: communication security (HTTPS required)',
  },
  looks: 'entry',
  check: ({ entry }) =>
    entry.url !== null && isInsecure(entry.url)
      ? [located(insecureUrl.definition, `${displayUrl(entry.url)} is plain http to a remote host.`, at(entry))]
      : [],
};
