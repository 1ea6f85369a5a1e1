/**
 * From traced system calls to effects: what a server tried to change, run, reach or read. Writes
 * (open for writing, creat), in-place rewrites (truncate, ftruncate, a fallocate that punches,
 * zeroes, collapses or inserts a range: an overwrite of what the file held, issue 48), creations, deletions, renames, permission changes, new
 * directories and links, program execution, network connects and name lookups (a connect to port
 * 53 or to the nscd socket, and a DNS query sent, which names the host: dns-query.ts), and any open of a planted canary. Reads of other files, and anything
 * under /dev, /proc and /sys, are not effects. Failed calls count too: they show intent (a write
 * to the read-only system fails with EROFS, a connect with ENETUNREACH).
 */
import { queriedName } from './dns-query';
import { areaOf, displayPath, normalizePath, type SandboxLayout } from './paths';
import type { Area, EffectKind } from './schema';
import { REFUSED_SYSCALL_NAMES } from './seccomp';
import { cString, descriptorPath, splitArgs, type SyscallEvent } from './strace';

/** An effect before attribution to a call: its absolute time, process and sandbox path. */
export interface TimedEffect {
  kind: EffectKind;
  area: Area;
  target: string;
  to: string | null;
  ok: boolean;
  error: string | null;
  time: number;
  pid: number;
  /** Absolute sandbox path (or address): what noise is matched on. */
  key: string;
  evidence: string;
}

const EVIDENCE_CHARS = 300;
/** Not effects: devices, kernel views. The private /dev/shm is a writable area like /tmp. */
const IGNORED = ['/dev/', '/proc/', '/sys/'];
const WRITABLE_DEVICES = ['/dev/shm/'];
const REFUSED: ReadonlySet<string> = new Set(REFUSED_SYSCALL_NAMES);
const WRITE_FLAGS = /\b(O_WRONLY|O_RDWR|O_CREAT|O_TRUNC|O_APPEND)\b/;
/** fallocate modes that change what a file holds (fallocate(2)); the others only reserve space. */
const FALLOCATE_REWRITES = /\bFALLOC_FL_(PUNCH_HOLE|ZERO_RANGE|COLLAPSE_RANGE|INSERT_RANGE)\b/;

/** Per-run state: each process's working folder (learned from AT_FDCWD</...>), files that exist. */
export class EffectReader {
  private readonly cwd = new Map<number, string>();
  private readonly existing: Set<string>;
  private readonly canaries: Set<string>;

  constructor(private readonly layout: SandboxLayout) {
    this.existing = new Set(layout.planted);
    this.canaries = new Set(layout.canaries);
  }

  private base(pid: number, dirArg: string | undefined): string {
    const fromFd = descriptorPath(dirArg);
    if (fromFd !== null) {
      if (dirArg?.startsWith('AT_FDCWD') === true) this.cwd.set(pid, fromFd);
      return fromFd;
    }
    return this.cwd.get(pid) ?? this.layout.work;
  }

  private path(event: SyscallEvent, pathArg: string | undefined, dirArg?: string): string | null {
    const text = cString(pathArg);
    if (text === null) return null;
    return normalizePath(text, this.base(event.pid, dirArg));
  }

  private effect(event: SyscallEvent, kind: EffectKind, path: string, to: string | null = null): TimedEffect | null {
    const device = IGNORED.some((prefix) => path.startsWith(prefix) || `${path}/` === prefix);
    if (kind !== 'exec' && device && !WRITABLE_DEVICES.some((prefix) => path.startsWith(prefix))) return null;
    const ok = event.errno === null && (event.ret === null || event.ret >= 0);
    if (ok) this.track(kind, path, to);
    return {
      kind,
      area: areaOf(path, this.layout),
      target: displayPath(path, this.layout),
      to: to === null ? null : displayPath(to, this.layout),
      ok,
      error: event.errno,
      time: event.time,
      pid: event.pid,
      key: to === null ? path : `${path} -> ${to}`,
      evidence: event.line.length > EVIDENCE_CHARS ? `${event.line.slice(0, EVIDENCE_CHARS)}…` : event.line,
    };
  }

  private track(kind: EffectKind, path: string, to: string | null): void {
    if (kind === 'create' || kind === 'mkdir') this.existing.add(path);
    // A canary linked or moved elsewhere is still the canary: reading the new name reads it.
    if ((kind === 'link' || kind === 'rename') && to !== null && this.canaries.has(path)) this.canaries.add(to);
    if (kind === 'link' && to !== null) this.existing.add(to);
    if (kind === 'delete') this.existing.delete(path);
    if (kind === 'rename' && to !== null) {
      this.existing.delete(path);
      this.existing.add(to);
    }
  }

  /** Whether a path existed before this call of the trace (planted, or created earlier and not deleted). */
  exists(path: string): boolean {
    return this.existing.has(path);
  }

  private opened(event: SyscallEvent, path: string | null, flags: string): TimedEffect | null {
    if (path === null) return null;
    const real = event.retPath ?? path;
    if (this.canaries.has(real) || this.canaries.has(path)) return this.effect(event, 'canary-read', real);
    if (!WRITE_FLAGS.test(flags)) return null;
    const existed = this.exists(real);
    let kind: EffectKind = 'write';
    if (/\bO_APPEND\b/.test(flags)) kind = 'append';
    else if (/\bO_TRUNC\b/.test(flags)) kind = existed ? 'overwrite' : 'create';
    else if (/\bO_CREAT\b/.test(flags) && !existed) kind = 'create';
    return this.effect(event, kind, real);
  }

  /** A rename onto an existing file replaces it: an overwrite of the destination (an atomic write). */
  private renamed(event: SyscallEvent, from: string | null, to: string | null): TimedEffect | null {
    if (from === null || to === null) return null;
    if (!this.exists(to)) return this.effect(event, 'rename', from, to);
    const effect = this.effect(event, 'overwrite', to);
    if (effect?.ok === true) this.existing.delete(from);
    return effect;
  }

  private network(event: SyscallEvent): TimedEffect | null {
    const family = /sa_family=(AF_\w+)/.exec(event.args)?.[1];
    if (family === undefined) return null;
    if (family === 'AF_UNIX') {
      const socket = /sun_path=(@?"(?:[^"\\]|\\.)*")/.exec(event.args)?.[1] ?? '';
      const path = cString(socket.replace(/^@/, '')) ?? '';
      const kind: EffectKind = path.includes('nscd') ? 'dns' : 'connect';
      return this.address(event, kind, `unix:${path}`);
    }
    if (family !== 'AF_INET' && family !== 'AF_INET6') return null;
    const port = /sin6?_port=htons\((\d+)\)/.exec(event.args)?.[1] ?? '?';
    const host =
      /inet_addr\("([^"]*)"\)/.exec(event.args)?.[1] ?? /inet_pton\(AF_INET6, "([^"]*)"/.exec(event.args)?.[1] ?? '?';
    const where = family === 'AF_INET6' ? `[${host}]:${port}` : `${host}:${port}`;
    return this.address(event, port === '53' ? 'dns' : 'connect', where);
  }

  private address(event: SyscallEvent, kind: EffectKind, where: string): TimedEffect {
    const ok = event.errno === null && (event.ret === null || event.ret >= 0);
    return {
      kind,
      area: 'network',
      target: where,
      to: null,
      ok,
      error: event.errno,
      time: event.time,
      pid: event.pid,
      key: `${kind} ${where}`,
      evidence: event.line.length > EVIDENCE_CHARS ? `${event.line.slice(0, EVIDENCE_CHARS)}…` : event.line,
    };
  }

  /** A call the seccomp filter refuses: the attempt itself is the evidence. */
  private refused(event: SyscallEvent): TimedEffect {
    return {
      kind: 'refused',
      area: 'system',
      target: event.name,
      to: null,
      ok: false,
      error: event.errno ?? 'EPERM',
      time: event.time,
      pid: event.pid,
      key: `refused ${event.name}`,
      evidence: event.line.length > EVIDENCE_CHARS ? `${event.line.slice(0, EVIDENCE_CHARS)}…` : event.line,
    };
  }

  /** A hard link: a new name for an existing file (a canary's second name is tracked as the canary). */
  private linked(event: SyscallEvent, from: string | null, to: string | null): TimedEffect | null {
    if (from === null || to === null) return null;
    return this.effect(event, 'link', from, to);
  }

  /** The effect of one traced call, or null when it is not one (a read, a /proc access). */
  read(event: SyscallEvent): TimedEffect | null {
    if (REFUSED.has(event.name)) return this.refused(event);
    const a = splitArgs(event.args);
    const at = (index: number): string | undefined => a[index];
    const path = (index: number, dir?: number): string | null =>
      this.path(event, at(index), dir === undefined ? undefined : at(dir));
    const existedThen = (p: string | null): boolean => p !== null && this.exists(p);
    const make = (kind: EffectKind, p: string | null, to: string | null = null): TimedEffect | null =>
      p === null ? null : this.effect(event, kind, p, to);
    switch (event.name) {
      case 'openat':
        return this.opened(event, path(1, 0), at(2) ?? '');
      case 'open':
        return this.opened(event, path(0), at(1) ?? '');
      case 'creat': {
        const p = path(0);
        return make(existedThen(p) ? 'overwrite' : 'create', p);
      }
      case 'truncate':
        return make('overwrite', path(0));
      case 'ftruncate':
        return make('overwrite', descriptorPath(at(0)));
      case 'fallocate':
        return make(FALLOCATE_REWRITES.test(at(1) ?? '') ? 'overwrite' : 'write', descriptorPath(at(0)));
      case 'unlink':
      case 'rmdir':
        return make('delete', path(0));
      case 'unlinkat':
        return make('delete', path(1, 0));
      case 'rename':
        return this.renamed(event, path(0), path(1));
      case 'renameat':
      case 'renameat2':
        return this.renamed(event, path(1, 0), path(3, 2));
      case 'mkdir':
        return make('mkdir', path(0));
      case 'mkdirat':
        return make('mkdir', path(1, 0));
      case 'chmod':
        return make('chmod', path(0));
      case 'fchmodat':
        return make('chmod', path(1, 0));
      case 'fchmod':
        return make('chmod', descriptorPath(at(0)));
      case 'link':
        return this.linked(event, path(0), path(1));
      case 'linkat':
        return this.linked(event, path(1, 0), path(3, 2));
      case 'symlink':
        return make('create', path(1));
      case 'symlinkat':
        return make('create', path(2, 1));
      case 'execve':
        return make('exec', path(0));
      case 'execveat':
        return make('exec', path(1, 0));
      case 'connect':
        return this.network(event);
      case 'sendto':
      case 'sendmsg':
      case 'sendmmsg': {
        // A DNS query names the host asked for (dns-query.ts); any other send, its address if it has one.
        const name = queriedName(event);
        return name === null ? this.network(event) : this.address(event, 'dns', name);
      }
      default:
        return null;
    }
  }
}

/** The system calls to trace (strace -e trace=...): everything read() understands, plus nothing else. */
export const TRACED_SYSCALLS = [
  'openat',
  'open',
  'creat',
  'truncate',
  'ftruncate',
  'fallocate',
  'unlink',
  'unlinkat',
  'rmdir',
  'rename',
  'renameat',
  'renameat2',
  'mkdir',
  'mkdirat',
  'chmod',
  'fchmod',
  'fchmodat',
  'link',
  'linkat',
  'symlink',
  'symlinkat',
  'execve',
  'execveat',
  'connect',
  'sendto',
  'sendmsg',
  'sendmmsg',
] as const;
