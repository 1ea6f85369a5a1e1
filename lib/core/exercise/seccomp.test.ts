import { describe, expect, it } from 'vitest';
import { REFUSED_SYSCALLS, seccompBytes, seccompProgram } from './seccomp';

const X64 = 0xc000003e;
const ARM64 = 0xc00000b7;
const I386 = 0x40000003;

// Classic BPF opcodes (linux/filter.h), seccomp return values (linux/seccomp.h), seccomp_data's arch offset.
const LD_W_ABS = 0x20;
const JEQ_K = 0x15;
const JGE_K = 0x35;
const RET_K = 0x06;
const RET_ALLOW = 0x7fff0000;
const RET_TRACE = 0x7ff00000;
const ARCH = 4;

/** What a program returns for a call (a small interpreter): "allow", the errno number, or "tracer" with it. */
function seccompVerdict(
  program: readonly { code: number; jt: number; jf: number; k: number }[],
  arch: number,
  nr: number,
): 'allow' | number | { tracer: number } {
  let a = 0;
  for (let pc = 0; pc < program.length; pc += 1) {
    const ins = program[pc];
    if (ins === undefined) break;
    if (ins.code === LD_W_ABS) a = ins.k === ARCH ? arch : nr;
    else if (ins.code === JEQ_K) pc += a === ins.k ? ins.jt : ins.jf;
    else if (ins.code === JGE_K) pc += a >>> 0 >= ins.k ? ins.jt : ins.jf;
    else if (ins.code === RET_K) {
      if (ins.k === RET_ALLOW) return 'allow';
      return (ins.k & 0xffff0000) >>> 0 === RET_TRACE ? { tracer: ins.k & 0xffff } : ins.k & 0xffff;
    }
  }
  throw new Error('seccomp program fell off its end');
}

describe('the seccomp program', () => {
  const x64 = seccompProgram('x64');
  const arm64 = seccompProgram('arm64');

  it.each(REFUSED_SYSCALLS.filter((call) => call.x64 !== null))('refuses $name on x86-64', (call) => {
    expect(seccompVerdict(x64, X64, call.x64 ?? -1)).toBe(call.errno === 'ENOSYS' ? 38 : 1);
  });

  it.each(REFUSED_SYSCALLS.filter((call) => call.arm64 !== null))('refuses $name on aarch64', (call) => {
    expect(seccompVerdict(arm64, ARM64, call.arm64 ?? -1)).toBe(call.errno === 'ENOSYS' ? 38 : 1);
  });

  it.each([
    ['read', 0],
    ['write', 1],
    ['openat', 257],
    ['execve', 59],
    ['clone', 56],
    ['connect', 42],
    ['socketpair', 53],
  ])('allows %s on x86-64', (_name, nr) => {
    expect(seccompVerdict(x64, X64, nr)).toBe('allow');
  });

  it('refuses the x32 ABI and another architecture as a whole (their numbers mean other calls)', () => {
    expect(seccompVerdict(x64, X64, 0x40000000 + 1)).toBe(38);
    expect(seccompVerdict(x64, I386, 1)).toBe(38);
    expect(seccompVerdict(arm64, X64, 63)).toBe(38);
  });

  it('hands every refused call to the tracer in a traced run, with its errno, and allows the rest the same', () => {
    const traced = seccompProgram('x64', 'tracer');
    for (const call of REFUSED_SYSCALLS.filter((entry) => entry.x64 !== null))
      expect(seccompVerdict(traced, X64, call.x64 ?? -1), call.name).toEqual({
        tracer: call.errno === 'ENOSYS' ? 38 : 1,
      });
    expect(seccompVerdict(traced, X64, 257)).toBe('allow');
    // Another ABI stays refused in the kernel: no tracer decides it.
    expect(seccompVerdict(traced, X64, 0x40000000 + 1)).toBe(38);
  });

  it('encodes 8 bytes per instruction, little-endian, and every jump fits', () => {
    const bytes = seccompBytes('x64');
    expect(bytes.length).toBe(x64.length * 8);
    const view = new DataView(bytes.buffer);
    expect(view.getUint16(0, true)).toBe(0x20);
    expect(view.getUint32(4, true)).toBe(4);
    expect(x64.every((instruction) => instruction.jt < 256 && instruction.jf < 256)).toBe(true);
  });
});
