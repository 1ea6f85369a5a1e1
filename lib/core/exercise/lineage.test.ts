import { describe, expect, it } from 'vitest';
import { attributeEffects, callEffects } from './attribute';
import { describeEffect } from './effect-text';
import { EffectReader, type TimedEffect } from './effects';
import { ProcessTable } from './lineage';
import type { SandboxLayout } from './paths';
import { parseStrace } from './strace';

// Captured here (strace 6.1, node 20) with the exercise's flags: `strace -f --seccomp-bpf -ttt -qq -y
// -s 256 -e signal=none -e trace=openat,execve,clone,clone3,fork,vfork node srv.mjs`, where srv.mjs
// starts `sh -c 'sleep 0.3; echo up > helper.txt'` at once, and 500 ms later writes call1.txt and
// starts a detached `sh -c 'sleep 0.4; echo late > detached.txt'`, then writes call2.txt at 700 ms.
// Reads left out; the vfork's child prints its execve before the vfork returns.
const TRACE = `12930 1796425210.573025 execve("/usr/bin/node", ["node", "srv.mjs"], 0x7fffbc250b80 /* 35 vars */) = 0
12930 1796425210.616118 clone3({flags=CLONE_VM|CLONE_FS|CLONE_FILES|CLONE_SIGHAND|CLONE_THREAD|CLONE_SYSVSEM|CLONE_SETTLS|CLONE_PARENT_SETTID|CLONE_CHILD_CLEARTID, child_tid=0x7f8da231d990, parent_tid=0x7f8da231d990, exit_signal=0, stack=0x7f8da1b1d000, stack_size=0x7ffe80, tls=0x7f8da231d6c0} => {parent_tid=[12931]}, 88) = 12931
12930 1796425210.629474 clone3({flags=CLONE_VM|CLONE_FS|CLONE_FILES|CLONE_SIGHAND|CLONE_THREAD|CLONE_SYSVSEM|CLONE_SETTLS|CLONE_PARENT_SETTID|CLONE_CHILD_CLEARTID, child_tid=0x7f8da2840990, parent_tid=0x7f8da2840990, exit_signal=0, stack=0x7f8da2838000, stack_size=0x7e80, tls=0x7f8da28406c0} => {parent_tid=[12936]}, 88) = 12936
12930 1796425210.641017 clone(child_stack=NULL, flags=CLONE_CHILD_CLEARTID|CLONE_CHILD_SETTID|SIGCHLD, child_tidptr=0x7f8da2829f50) = 12941
12941 1796425210.642219 execve("/bin/sh", ["/bin/sh", "-c", "sleep 0.3; echo up > /tmp/lin/helper.txt"], 0x183d5350 /* 35 vars */) = 0
12941 1796425210.643977 vfork( <unfinished ...>
12942 1796425210.644056 execve("/usr/bin/sleep", ["sleep", "0.3"], 0x563e70671a28 /* 35 vars */ <unfinished ...>
12941 1796425210.644177 <... vfork resumed>) = 12942
12942 1796425210.644256 <... execve resumed>) = 0
12941 1796425210.948401 openat(AT_FDCWD</tmp/lin>, "/tmp/lin/helper.txt", O_WRONLY|O_CREAT|O_TRUNC, 0666) = 3</tmp/lin/helper.txt>
12930 1796425211.143686 openat(AT_FDCWD</tmp/lin>, "/tmp/lin/call1.txt", O_WRONLY|O_CREAT|O_TRUNC|O_CLOEXEC, 0666) = 18</tmp/lin/call1.txt>
12930 1796425211.144248 clone(child_stack=NULL, flags=CLONE_CHILD_CLEARTID|CLONE_CHILD_SETTID|SIGCHLD, child_tidptr=0x7f8da2829f50) = 12943
12943 1796425211.149704 execve("/bin/sh", ["/bin/sh", "-c", "sleep 0.4; echo late > /tmp/lin/detached.txt"], 0x183d5350 /* 35 vars */) = 0
12943 1796425211.151465 vfork( <unfinished ...>
12944 1796425211.156173 execve("/usr/bin/sleep", ["sleep", "0.4"], 0x55c58e4afa28 /* 35 vars */ <unfinished ...>
12943 1796425211.156369 <... vfork resumed>) = 12944
12944 1796425211.156399 <... execve resumed>) = 0
12930 1796425211.342956 openat(AT_FDCWD</tmp/lin>, "/tmp/lin/call2.txt", O_WRONLY|O_CREAT|O_TRUNC|O_CLOEXEC, 0666) = 18</tmp/lin/call2.txt>
12943 1796425211.559150 openat(AT_FDCWD</tmp/lin>, "/tmp/lin/detached.txt", O_WRONLY|O_CREAT|O_TRUNC, 0666) = 3</tmp/lin/detached.txt>`;

const LAYOUT: SandboxLayout = {
  home: '/tmp/home',
  work: '/tmp/lin',
  tmp: '/tmp',
  shm: '/dev/shm',
  canaries: [],
  planted: [],
};

/** Call 1 from before the helper's write to after the detached start; call 2 holds call2.txt and the detached write. */
const WINDOWS = [
  { id: 1, requestedAt: 1796425210_900, settledAt: 1796425211_200 },
  { id: 2, requestedAt: 1796425211_300, settledAt: 1796425211_600 },
];

function read(text: string): { table: ProcessTable; effects: TimedEffect[] } {
  const table = new ProcessTable();
  const reader = new EffectReader(LAYOUT);
  const effects: TimedEffect[] = [];
  for (const event of parseStrace(text)) {
    table.read(event);
    const effect = reader.read(event);
    if (effect !== null) effects.push(effect);
  }
  return { table, effects };
}

describe('ProcessTable', () => {
  const { table, effects } = read(TRACE);

  it('tells threads (clone3 with CLONE_THREAD) from processes (clone without it, vfork)', () => {
    expect(table.size).toBe(6);
    expect([12931, 12936, 12930].map((tid) => table.processOf(tid))).toEqual([12930, 12930, 12930]);
    expect([12941, 12942, 12943, 12944].map((tid) => table.processOf(tid))).toEqual([12941, 12942, 12943, 12944]);
  });

  it('knows each process by the program it exec`d, a vfork child printed before its vfork returned included', () => {
    expect(table.program(12941)?.text).toBe('/bin/sh -c sleep 0.3; echo up > /tmp/lin/helper.txt');
    expect(table.program(12942)?.text).toBe('sleep 0.3');
    expect(table.program(12930)?.name).toBe('node');
  });

  it('says whose each task is: the server and its threads, a start-up spawn and all under it, a call`s spawn', () => {
    const origin = table.origins(12930, WINDOWS);
    expect([12930, 12931, 12936].map((tid) => origin(tid).kind)).toEqual(['server', 'server', 'server']);
    expect(origin(12942)).toEqual({ kind: 'start', program: '/bin/sh -c sleep 0.3; echo up > /tmp/lin/helper.txt' });
    expect(origin(12944)).toEqual({
      kind: 'call',
      id: 1,
      program: '/bin/sh -c sleep 0.4; echo late > /tmp/lin/detached.txt',
    });
    // A task whose making the trace never showed is the server's, by time.
    expect(origin(99999).kind).toBe('server');
  });

  it('gives a spawn started after a call went quiet to the background', () => {
    const origin = table.origins(12930, [{ id: 1, requestedAt: 1796425210_900, settledAt: 1796425211_000 }]);
    expect(origin(12943).kind).toBe('idle');
  });

  it('sets aside what a start-up process made, and shows a call`s process`s later write on that call only', () => {
    const result = attributeEffects(effects, WINDOWS, 1796425210_573, table.origins(12930, WINDOWS));
    const shown = (id: number) =>
      result.calls.get(id)?.effects.map((e) => [e.target, e.phase, e.aside, e.madeBy?.startedIn]);
    // The detached start's execs are the call's (in its window), background by the start's same execs (as before).
    expect(shown(1)).toEqual([
      ['./helper.txt', 'during', 'process', 'start'],
      ['./call1.txt', 'during', undefined, undefined],
      ['/bin/sh', 'during', 'background', undefined],
      ['/usr/bin/sleep', 'during', 'background', undefined],
      ['./detached.txt', 'after', 'process', 'this-call'],
    ]);
    expect(shown(2)).toEqual([['./call2.txt', 'during', undefined, undefined]]);
    // The snapshot of call 2 sees detached.txt change: explained by what came in its window for call 1.
    expect(callEffects(result, 2, { changed: ['./detached.txt', './call2.txt'] }).effects).toHaveLength(1);
    expect(result.calls.get(1)?.effects.find((e) => e.target === './detached.txt')?.atMs).toBe(659);
  });

  it('says why an effect was moved: the process and when the server started it', () => {
    const result = attributeEffects(effects, WINDOWS, 1796425210_573, table.origins(12930, WINDOWS));
    const text = (id: number, target: string) => {
      const effect = result.calls.get(id)?.effects.find((e) => e.target === target);
      return effect === undefined ? `${target} not on call ${id}` : describeEffect(effect);
    };
    expect(text(1, './helper.txt')).toBe(
      'created ./helper.txt [made by /bin/sh -c sleep 0.3; echo up > /tmp/lin/helper.txt, which the server started before the first call: not the tool]',
    );
    expect(text(1, './detached.txt')).toContain(', after the call [made by /bin/sh -c sleep 0.4; echo late');
    expect(text(1, './detached.txt')).toContain('which this call started, while a later call was open: not judged]');
  });

  it('without lineage, gives the detached write to the call that was open', () => {
    const result = attributeEffects(effects, WINDOWS, 1796425210_573);
    expect(result.calls.get(2)?.effects.map((e) => [e.target, e.aside])).toEqual([
      ['./call2.txt', undefined],
      ['./detached.txt', undefined],
    ]);
  });

  // Captured the same way: `sh -c 'node srv2.mjs; true'` (sh forks node, then runs true), srv2.mjs
  // running /bin/true at once and /bin/sh 400 ms later.
  const LAUNCHED = `14295 1796425254.460294 execve("/usr/bin/sh", ["sh", "-c", "node srv2.mjs; true"], 0x7ffdeaa62468 /* 35 vars */) = 0
14295 1796425254.461021 vfork( <unfinished ...>
14296 1796425254.461103 execve("/usr/bin/node", ["node", "srv2.mjs"], 0x5607bc77ab08 /* 35 vars */ <unfinished ...>
14295 1796425254.461232 <... vfork resumed>) = 14296
14296 1796425254.461253 <... execve resumed>) = 0
14296 1796425254.535022 clone3({flags=CLONE_VM|CLONE_FS|CLONE_FILES|CLONE_SIGHAND|CLONE_THREAD|CLONE_SYSVSEM|CLONE_SETTLS|CLONE_PARENT_SETTID|CLONE_CHILD_CLEARTID, child_tid=0x7f46a281d990, parent_tid=0x7f46a281d990, exit_signal=0, stack=0x7f46a201d000, stack_size=0x7ffe80, tls=0x7f46a281d6c0} => {parent_tid=[14304]}, 88) = 14304
14296 1796425254.556736 clone(child_stack=NULL, flags=CLONE_CHILD_CLEARTID|CLONE_CHILD_SETTID|SIGCHLD, child_tidptr=0x7f46a2cacf50) = 14314
14314 1796425254.557821 execve("/bin/true", ["/bin/true"], 0x12301180 /* 35 vars */) = 0
14296 1796425254.960853 clone(child_stack=NULL, flags=CLONE_CHILD_CLEARTID|CLONE_CHILD_SETTID|SIGCHLD, child_tidptr=0x7f46a2cacf50) = 14315
14315 1796425254.962051 execve("/bin/sh", ["/bin/sh", "-c", "echo x > /tmp/lin/c.txt"], 0x12301180 /* 35 vars */) = 0`;

  it('looks past a launcher (a shell, npx) to the server it started before the first call', () => {
    const launched = read(LAUNCHED).table;
    const windows = [{ id: 1, requestedAt: 1796425254_900, settledAt: 1796425255_000 }];
    expect(launched.serverProcess(14295, windows[0]?.requestedAt ?? 0)).toBe(14296);
    const origin = launched.origins(14295, windows);
    expect([14295, 14296, 14304].map((tid) => origin(tid).kind)).toEqual(['server', 'server', 'server']);
    expect(origin(14314)).toEqual({ kind: 'start', program: '/bin/true' });
    expect(origin(14315)).toMatchObject({ kind: 'call', id: 1 });
  });

  // Captured with `strace -f --pidns-translation ... unshare -rpf sh -c 'sh -c "true; true"; true'`:
  // in a PID namespace (the sandbox's) the vfork returns the child's id there, and the traced id after it.
  const IN_NAMESPACE = `17883 1796425338.515677 vfork( <unfinished ...>
17884 1796425338.515886 execve("/usr/bin/sh", ["sh", "-c", "true; true"], 0x561b938f0b08 /* 35 vars */ <unfinished ...>
17883 1796425338.516113 <... vfork resumed>) = 2 /* 17884 in strace's PID NS */
17884 1796425338.522940 <... execve resumed>) = 0`;

  it('reads the traced id of a child made in a PID namespace', () => {
    const table = read(IN_NAMESPACE).table;
    expect(table.size).toBe(1);
    expect(table.origins(17883, [])(17884)).toEqual({ kind: 'start', program: 'sh -c true; true' });
    expect(table.origins(17883, [])(2)).toEqual({ kind: 'server' });
  });
});
