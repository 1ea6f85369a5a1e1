/**
 * The seccomp filter the sandboxed server runs under (issue 33; seccomp(2), bubblewrap --seccomp FD):
 * a classic BPF program that refuses the system calls the tracer cannot attribute or that would let
 * a server leave or rearrange its sandbox, and allows the rest. A refused call fails with EPERM
 * (ENOSYS for openat2, so a program falls back to openat, which is traced); each refused name is
 * also traced, so an attempt is evidence ("tried io_uring_setup: refused by the sandbox"), never a
 * silent clean. A system call of another architecture (a 32-bit `int 0x80` on x86-64) or of the x32
 * ABI is refused as a whole: the numbers below would not mean the same calls there.
 *
 * What is refused and why:
 * - io_uring_setup/enter/register: file and network operations that never pass through a traced call.
 * - mknod, mknodat: device nodes and FIFOs the snapshot cannot read safely.
 * - open_by_handle_at, name_to_handle_at: opening a file by handle, around every path check.
 * - openat2: an open the trace filter does not name (refused with ENOSYS; glibc falls back).
 * - ptrace, process_vm_readv/writev, pidfd_getfd: reaching into another process (the tracer's job only).
 * - mount, umount2, pivot_root, chroot, open_tree, move_mount, fsopen, fsconfig, fsmount, fspick,
 *   mount_setattr, unshare, setns: rearranging the file system or the namespaces (bubblewrap's own
 *   set-up happens before the filter is installed).
 * - keyctl, add_key, request_key: the kernel keyring is shared with the host user.
 * - bpf, perf_event_open, userfaultfd, kexec_load, kexec_file_load, init_module, finit_module,
 *   delete_module: kernel interfaces no tool needs.
 */

export interface RefusedSyscall {
  name: string;
  /** The number on x86-64 and on aarch64; null where the call does not exist on that architecture. */
  x64: number | null;
  arm64: number | null;
  /** The error returned (EPERM unless a fallback is wanted). */
  errno: 'EPERM' | 'ENOSYS';
}

const S = (name: string, x64: number | null, arm64: number | null, errno: RefusedSyscall['errno'] = 'EPERM') => ({
  name,
  x64,
  arm64,
  errno,
});

/** Every refused system call, with its numbers (Linux uapi unistd tables). */
export const REFUSED_SYSCALLS: readonly RefusedSyscall[] = [
  S('io_uring_setup', 425, 425),
  S('io_uring_enter', 426, 426),
  S('io_uring_register', 427, 427),
  S('mknod', 133, null),
  S('mknodat', 259, 33),
  S('open_by_handle_at', 304, 265),
  S('name_to_handle_at', 303, 264),
  S('openat2', 437, 437, 'ENOSYS'),
  S('ptrace', 101, 117),
  S('process_vm_readv', 310, 270),
  S('process_vm_writev', 311, 271),
  S('pidfd_getfd', 438, 438),
  S('mount', 165, 40),
  S('umount2', 166, 39),
  S('pivot_root', 155, 41),
  S('chroot', 161, 51),
  S('open_tree', 428, 428),
  S('move_mount', 429, 429),
  S('fsopen', 430, 430),
  S('fsconfig', 431, 431),
  S('fsmount', 432, 432),
  S('fspick', 433, 433),
  S('mount_setattr', 442, 442),
  S('unshare', 272, 97),
  S('setns', 308, 268),
  S('keyctl', 250, 219),
  S('add_key', 248, 217),
  S('request_key', 249, 218),
  S('bpf', 321, 280),
  S('perf_event_open', 298, 241),
  S('userfaultfd', 323, 282),
  S('kexec_load', 246, 104),
  S('kexec_file_load', 320, 294),
  S('init_module', 175, 105),
  S('finit_module', 313, 273),
  S('delete_module', 176, 106),
];

/** The names strace is asked to trace, so that each refused attempt shows in the trace. */
export const REFUSED_SYSCALL_NAMES: readonly string[] = REFUSED_SYSCALLS.map((call) => call.name);

export type SeccompArch = 'x64' | 'arm64';

/** AUDIT_ARCH_X86_64 and AUDIT_ARCH_AARCH64 (linux/audit.h). */
const AUDIT_ARCH: Record<SeccompArch, number> = { x64: 0xc000003e, arm64: 0xc00000b7 };
const X32_SYSCALL_BIT = 0x40000000;
const ERRNO: Record<RefusedSyscall['errno'], number> = { EPERM: 1, ENOSYS: 38 };

// Classic BPF opcodes (linux/filter.h) and seccomp return values (linux/seccomp.h).
const LD_W_ABS = 0x20;
const JEQ_K = 0x15;
const JGE_K = 0x35;
const RET_K = 0x06;
const RET_ALLOW = 0x7fff0000;
const RET_ERRNO = 0x00050000;
/** SECCOMP_RET_TRACE: the tracer is stopped at the call (and refuses it); with no tracer the call fails with ENOSYS. */
const RET_TRACE = 0x7ff00000;
/** seccomp_data: nr at offset 0, arch at offset 4. */
const NR = 0;
const ARCH = 4;

interface Instruction {
  code: number;
  jt: number;
  jf: number;
  k: number;
}

const op = (code: number, k: number, jt = 0, jf = 0): Instruction => ({ code, jt, jf, k });

/** The architecture seccomp names this machine, or null where the filter has no table (the sandbox then refuses to run). */
export function seccompArch(nodeArch: string): SeccompArch | null {
  if (nodeArch === 'x64') return 'x64';
  if (nodeArch === 'arm64') return 'arm64';
  return null;
}

/**
 * How a refused call is refused: "errno" fails it in the kernel (a sandbox without a tracer);
 * "tracer" hands it to strace, which records it and fails it with the same errno (strace's
 * --inject, sandbox.ts), so the tracer can filter with --seccomp-bpf (stopping only at traced calls:
 * a server's start 1 s faster) and still see every refused attempt (stacked with strace's own
 * filter, an ERRNO here would outrank strace's TRACE and hide them). The call is never run either
 * way: were the tracer gone, SECCOMP_RET_TRACE fails it with ENOSYS.
 */
export type RefusalBy = 'errno' | 'tracer';

/** The filter's instructions: check the architecture, refuse each listed call, allow the rest. */
export function seccompProgram(arch: SeccompArch, by: RefusalBy = 'errno'): Instruction[] {
  const refused = REFUSED_SYSCALLS.flatMap((call) => {
    const nr = call[arch];
    const ret = by === 'tracer' ? RET_TRACE | ERRNO[call.errno] : RET_ERRNO | ERRNO[call.errno];
    return nr === null ? [] : [{ nr, ret }];
  });
  const returns = [...new Set([...refused.map((entry) => entry.ret), RET_ERRNO | ERRNO.ENOSYS])];
  const body: Instruction[] = [];
  // Each jeq jumps to its return, placed after the final allow: [checks..., allow, returns...].
  const x32 = arch === 'x64' ? 1 : 0;
  const checks = refused.length + x32;
  const returnAt = (ret: number, index: number): number => checks - index + returns.indexOf(ret);
  if (arch === 'x64') body.push(op(JGE_K, X32_SYSCALL_BIT, returnAt(RET_ERRNO | ERRNO.ENOSYS, 0), 0));
  refused.forEach((entry, i) => body.push(op(JEQ_K, entry.nr, returnAt(entry.ret, i + x32), 0)));
  return [
    op(LD_W_ABS, ARCH),
    // Another architecture's numbering: refuse (ENOSYS), the last return.
    op(JEQ_K, AUDIT_ARCH[arch], 1, 0),
    op(RET_K, RET_ERRNO | ERRNO.ENOSYS),
    op(LD_W_ABS, NR),
    ...body,
    op(RET_K, RET_ALLOW),
    ...returns.map((ret) => op(RET_K, ret)),
  ];
}

/** The program as bytes (struct sock_filter: u16 code, u8 jt, u8 jf, u32 k; little-endian). */
export function seccompBytes(arch: SeccompArch, by: RefusalBy = 'errno'): Uint8Array {
  const program = seccompProgram(arch, by);
  const bytes = new Uint8Array(program.length * 8);
  const view = new DataView(bytes.buffer);
  program.forEach((instruction, i) => {
    if (instruction.jt > 255 || instruction.jf > 255) throw new Error('seccomp jump out of range');
    view.setUint16(i * 8, instruction.code, true);
    view.setUint8(i * 8 + 2, instruction.jt);
    view.setUint8(i * 8 + 3, instruction.jf);
    view.setUint32(i * 8 + 4, instruction.k, true);
  });
  return bytes;
}
