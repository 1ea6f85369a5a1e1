import { describe, expect, it } from 'vitest';
import { EffectReader } from './effects';
import type { SandboxLayout } from './paths';
import { cString, descriptorPath, parseStrace, splitArgs } from './strace';

const LAYOUT: SandboxLayout = {
  home: '/tmp/home',
  work: '/tmp/work',
  tmp: '/tmp',
  shm: '/dev/shm',
  canaries: ['/tmp/home/.ssh/id_ed25519', '/tmp/work/.env'],
  planted: ['/tmp/home/.ssh/id_ed25519', '/tmp/work/.env', '/tmp/work/hintcheck-sample.txt'],
};

describe('parseStrace', () => {
  it('joins an unfinished call with its resumption and skips signals and exits', () => {
    const events = parseStrace(
      [
        '12 1796137179.845253 connect(19<socket:[1]>, {sa_family=AF_INET, sin_port=htons(80), sin_addr=inet_addr("192.0.2.1")}, 16 <unfinished ...>',
        '13 1796137179.845300 --- SIGCHLD {si_signo=SIGCHLD} ---',
        '12 1796137179.846081 <... connect resumed>) = -1 ENETUNREACH (Network is unreachable)',
        '13 1796137179.900000 +++ exited with 0 +++',
        '13 1796137179.910000 openat(AT_FDCWD</tmp/work>, "x", O_WRONLY|O_CREAT|O_TRUNC, 0666) = 3</tmp/work/x>',
      ].join('\n'),
    );
    expect(events).toHaveLength(2);
    expect(events[0]).toMatchObject({
      pid: 12,
      name: 'connect',
      ret: -1,
      errno: 'ENETUNREACH',
      time: 1796137179.845253,
    });
    expect(events[1]).toMatchObject({ name: 'openat', ret: 3, retPath: '/tmp/work/x', errno: null });
  });

  it('splits arguments at top-level commas only and decodes C strings', () => {
    expect(splitArgs('AT_FDCWD</a, b>, "x, \\"y\\"", O_RDONLY, {a=1, b=2}')).toEqual([
      'AT_FDCWD</a, b>',
      '"x, \\"y\\""',
      'O_RDONLY',
      '{a=1, b=2}',
    ]);
    expect(cString('"a\\x41\\n\\"b"')).toBe('aA\n"b');
    expect(cString('NULL')).toBeNull();
  });

  it.each([
    ['octal escapes of UTF-8 bytes', '"./caf\\303\\251.txt"', './café.txt'],
    ['hex escapes of UTF-8 bytes', '"./\\xe2\\x9c\\x93"', './✓'],
    ['raw bytes read as latin1', `"./caf${String.fromCharCode(0xc3, 0xa9)}"`, './café'],
  ])('decodes a file name as UTF-8, as Node lists it (%s)', (_case, arg, name) => {
    expect(cString(arg)).toBe(name);
  });
  // As strace 6.1 prints them (`strace -y`): a name's bytes escaped alike in an argument and in an
  // annotation, where `<` and `>` are escaped too.
  it.each([
    ['non-ASCII', 'tmp-caf\\303\\251.txt', 'tmp-caf\\303\\251.txt', 'tmp-café.txt'],
    ['quotes and angle brackets', 'q\\"uo<te>.txt', 'q\\"uo\\74te\\76.txt', 'q"uo<te>.txt'],
    ['a newline', 'new\\nline.txt', 'new\\nline.txt', 'new\nline.txt'],
    ['invalid UTF-8', 'bad\\377\\376.txt', 'bad\\377\\376.txt', 'bad\uFFFD\uFFFD.txt'],
    ['a backslash', 'back\\\\slash.txt', 'back\\\\slash.txt', 'back\\slash.txt'],
    ['a fake result', 'x) = 5 <y>', 'x) = 5 \\74y\\76', 'x) = 5 <y>'],
  ])('decodes a name with %s the same in an argument and in a -y annotation', (_case, arg, shown, name) => {
    const [event] = parseStrace(
      `7 1.000000 openat(AT_FDCWD</tmp/work/${shown}>, "${arg}", O_WRONLY|O_CREAT|O_CLOEXEC, 0644) = 3</tmp/work/${shown}>`,
    );
    expect(event).toMatchObject({ name: 'openat', ret: 3, errno: null, retPath: `/tmp/work/${name}` });
    expect(cString(splitArgs(event?.args ?? '')[1])).toBe(name);
    expect(descriptorPath(splitArgs(event?.args ?? '')[0])).toBe(`/tmp/work/${name}`);
  });
});

describe('EffectReader', () => {
  const read = (lines: string[]) => {
    const reader = new EffectReader(LAYOUT);
    return parseStrace(lines.join('\n')).map((event) => reader.read(event));
  };
  const line = (call: string) => `7 1.000000 ${call}`;

  it.each([
    [
      'openat(AT_FDCWD</tmp/work>, "new.txt", O_WRONLY|O_CREAT|O_TRUNC, 0666) = 3</tmp/work/new.txt>',
      'create',
      './new.txt',
      'work',
    ],
    [
      'openat(AT_FDCWD</tmp/work>, "hintcheck-sample.txt", O_WRONLY|O_TRUNC) = 3</tmp/work/hintcheck-sample.txt>',
      'overwrite',
      './hintcheck-sample.txt',
      'work',
    ],
    [
      'openat(AT_FDCWD</tmp/work>, "/tmp/home/log", O_WRONLY|O_CREAT|O_APPEND, 0666) = 3</tmp/home/log>',
      'append',
      '~/log',
      'home',
    ],
    [
      'openat(AT_FDCWD</tmp/work>, "/etc/x", O_WRONLY|O_CREAT|O_TRUNC, 0666) = -1 EROFS (Read-only file system)',
      'create',
      '/etc/x',
      'system',
    ],
    ['openat(AT_FDCWD</tmp/work>, ".env", O_RDONLY|O_CLOEXEC) = 3</tmp/work/.env>', 'canary-read', './.env', 'work'],
    ['unlink("hintcheck-sample.txt") = 0', 'delete', './hintcheck-sample.txt', 'work'],
    ['ftruncate(3</tmp/work/hintcheck-sample.txt>, 0) = 0', 'overwrite', './hintcheck-sample.txt', 'work'],
    [
      'fallocate(3</tmp/work/hintcheck-sample.txt>, FALLOC_FL_KEEP_SIZE|FALLOC_FL_PUNCH_HOLE, 0, 4096) = 0',
      'overwrite',
      './hintcheck-sample.txt',
      'work',
    ],
    [
      'fallocate(3</tmp/work/hintcheck-sample.txt>, FALLOC_FL_ZERO_RANGE, 0, 4096) = -1 EOPNOTSUPP (Operation not supported)',
      'overwrite',
      './hintcheck-sample.txt',
      'work',
    ],
    ['fallocate(3</tmp/home/db>, 0, 0, 4096) = 0', 'write', '~/db', 'home'],
    ['mkdir("/tmp/home/.cache", 0777) = 0', 'mkdir', '~/.cache', 'home'],
    ['chmod("/tmp/work/.env", 0600) = 0', 'chmod', './.env', 'work'],
    ['execve("/bin/sh", ["/bin/sh", "-c", "date"], 0x1 /* 6 vars */) = 0', 'exec', '/bin/sh', 'system'],
    [
      'connect(3<socket:[9]>, {sa_family=AF_INET, sin_port=htons(53), sin_addr=inet_addr("10.0.0.53")}, 16) = -1 ENETUNREACH (Network is unreachable)',
      'dns',
      '10.0.0.53:53',
      'network',
    ],
    [
      'connect(3<socket:[9]>, {sa_family=AF_UNIX, sun_path="/var/run/nscd/socket"}, 110) = -1 ENOENT (No such file or directory)',
      'dns',
      'unix:/var/run/nscd/socket',
      'network',
    ],
    [
      'connect(3<socket:[9]>, {sa_family=AF_INET6, sin6_port=htons(443), sin6_flowinfo=htonl(0), inet_pton(AF_INET6, "2001:db8::1", &sin6_addr), sin6_scope_id=0}, 28) = -1 ENETUNREACH (Network is unreachable)',
      'connect',
      '[2001:db8::1]:443',
      'network',
    ],
  ])('%s → %s %s', (call, kind, target, area) => {
    expect(read([line(call)])[0]).toMatchObject({ kind, target, area });
  });

  it('ignores reads of other files, /proc and /dev, and netlink', () => {
    expect(
      read([
        line('openat(AT_FDCWD</tmp/work>, "/usr/lib/x.so", O_RDONLY|O_CLOEXEC) = 3</usr/lib/x.so>'),
        line('openat(AT_FDCWD</tmp/work>, "/dev/null", O_WRONLY) = 3</dev/null>'),
        line('openat(3</proc>, "self/setgroups", O_RDWR) = 4</proc/2/setgroups>'),
        line(
          'sendto(5<socket:[1]>, [{nlmsg_len=40}], 40, 0, {sa_family=AF_NETLINK, nl_pid=0, nl_groups=00000000}, 12) = 40',
        ),
      ]),
    ).toEqual([null, null, null, null]);
  });

  it('tracks existence: a second truncating open of a created file is an overwrite, a rename onto a file overwrites it', () => {
    const effects = read([
      line('openat(AT_FDCWD</tmp/work>, "a", O_WRONLY|O_CREAT|O_TRUNC, 0666) = 3</tmp/work/a>'),
      line('openat(AT_FDCWD</tmp/work>, "a", O_WRONLY|O_CREAT|O_TRUNC, 0666) = 3</tmp/work/a>'),
      line('rename("/tmp/work/a", "/tmp/work/hintcheck-sample.txt") = 0'),
      line('rename("/tmp/work/hintcheck-sample.txt", "/tmp/work/b") = 0'),
    ]);
    expect(effects.map((effect) => effect?.kind)).toEqual(['create', 'overwrite', 'overwrite', 'rename']);
    expect(effects[3]).toMatchObject({ target: './hintcheck-sample.txt', to: './b' });
  });

  it('a tool that makes a non-ASCII file and removes it removed its own file, not one that existed', () => {
    const effects = read([
      line(
        'openat(AT_FDCWD</tmp/work>, "tmp-caf\\303\\251.txt", O_WRONLY|O_CREAT|O_TRUNC, 0666) = 3</tmp/work/tmp-caf\\303\\251.txt>',
      ),
      line('unlink("tmp-caf\\303\\251.txt") = 0'),
      line(
        'openat(AT_FDCWD</tmp/work>, "tmp-caf\\303\\251.txt", O_WRONLY|O_CREAT|O_TRUNC, 0666) = 3</tmp/work/tmp-caf\\303\\251.txt>',
      ),
    ]);
    expect(effects.map((effect) => [effect?.kind, effect?.target])).toEqual([
      ['create', './tmp-café.txt'],
      ['delete', './tmp-café.txt'],
      ['create', './tmp-café.txt'],
    ]);
  });
});
