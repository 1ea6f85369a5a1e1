import { describe, expect, it } from 'vitest';
import { queriedName } from './dns-query';

// Lines as strace -y -s 256 printed them for Node's dns.lookup (glibc) and dns.resolve4 (c-ares).
const SENDMMSG =
  '18<socket:[3844023]>, [{msg_hdr={msg_name=NULL, msg_namelen=0, msg_iov=[{iov_base="Ts\\1\\0\\0\\1\\0\\0\\0\\0\\0\\0\\3api\\7example\\3com\\0\\0\\1\\0\\1", iov_len=33}], msg_iovlen=1, msg_controllen=0, msg_flags=0}, msg_len=33}], 2, MSG_NOSIGNAL';
const SENDTO =
  '18<socket:[3844024]>, "#\\275\\1\\0\\0\\1\\0\\0\\0\\0\\0\\0\\5other\\7example\\3org\\0\\0\\1\\0\\1", 35, 0, NULL, 0';

describe('queriedName', () => {
  it.each([
    ['a glibc query (sendmmsg)', 'sendmmsg', SENDMMSG, 'api.example.com'],
    ['a c-ares query (sendto)', 'sendto', SENDTO, 'other.example.org'],
    ['an answer, not a query (QR set)', 'sendto', SENDTO.replace('\\1\\0\\0\\1', '\\201\\200\\0\\1'), null],
    ['a name with a dot or a space in a label', 'sendto', SENDTO.replace('\\5other', '\\5ot er'), null],
    ['not a DNS packet', 'sendto', '5<socket:[1]>, "GET / HTTP/1.1\\r\\n", 16, 0, NULL, 0', null],
    ['a netlink message', 'sendto', '5<socket:[1]>, [{nlmsg_len=40}], 40, 0, {sa_family=AF_NETLINK}, 12', null],
    ['a write is no send', 'connect', SENDTO, null],
  ])('%s', (_name, name, args, expected) => {
    expect(queriedName({ name, args })).toBe(expected);
  });
});
