/**
 * An MCP stdio client transport for servers nobody has decided to trust. Unlike the SDK's
 * StdioClientTransport it starts the server in its own process group and ends the group (and any
 * descendant that escaped it) at once; it captures a bounded stderr tail; it tolerates and records
 * non-protocol lines on stdout; and it caps the size of one message so memory stays bounded.
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import {
  isJSONRPCErrorResponse,
  isJSONRPCNotification,
  isJSONRPCRequest,
  isJSONRPCResultResponse,
  type JSONRPCMessage,
  type Transport,
} from '@modelcontextprotocol/client';
import { AuditError, tooLargeError } from './errors';
import { descendantPids, isAlive, processStartTime, signalTree } from './process-tree';

export interface StdioServerSpec {
  command: string;
  args: readonly string[];
  cwd?: string | undefined;
  env: Record<string, string>;
  /** Largest single message accepted on stdout, in bytes. */
  maxMessageBytes: number;
  /** How much of stderr to keep (the tail), in bytes. */
  stderrTailBytes?: number;
}

const NOISE_LINES_KEPT = 5;
const live = new Set<ProcessGroupStdioTransport>();
let exitHookInstalled = false;

function installExitHook(): void {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  // Last resort: if this process exits while a server runs, the server goes with it.
  process.on('exit', () => {
    for (const transport of live) transport.killNow();
  });
}

export class ProcessGroupStdioTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;

  private child: ChildProcessWithoutNullStreams | undefined;
  private pending: Buffer[] = [];
  private pendingBytes = 0;
  private stderrChunks: Buffer[] = [];
  private stderrKept = 0;
  private closed = false;
  private closing = false;
  /** A failure the transport detected itself (an oversized message), reported over the SDK's. */
  fatal: AuditError | null = null;
  /** True when the server exited before we ended it. */
  exitedOnItsOwn = false;
  private exited: Promise<void> = Promise.resolve();
  readonly noise: string[] = [];
  noiseCount = 0;
  stderrBytes = 0;
  exitCode: number | null = null;
  exitSignal: string | null = null;

  /** Descendants seen while the server ran (pid -> start time): found again even after the server died and they were reparented. */
  private readonly seen = new Map<number, string>();

  constructor(private readonly spec: StdioServerSpec) {}

  /** Records the server's current descendants, so they can be ended even if they escape its process group. */
  rememberDescendants(): void {
    const pid = this.child?.pid;
    if (pid === undefined) return;
    for (const descendant of descendantPids(pid)) {
      const started = processStartTime(descendant);
      if (started !== null) this.seen.set(descendant, started);
    }
  }

  /** Remembered descendants that are still the same processes (same PID and start time). */
  private rememberedAlive(): number[] {
    return [...this.seen].filter(([pid, started]) => processStartTime(pid) === started).map(([pid]) => pid);
  }

  get pid(): number | null {
    return this.child?.pid ?? null;
  }

  /** The last bytes of stderr, decoded leniently. */
  get stderrTail(): string {
    const text = Buffer.concat(this.stderrChunks).toString('utf8');
    return this.stderrBytes > this.stderrKept ? `…${text}` : text;
  }

  get hasExited(): boolean {
    return this.exitCode !== null || this.exitSignal !== null;
  }

  start(): Promise<void> {
    return new Promise((resolve, reject) => {
      const child = spawn(this.spec.command, [...this.spec.args], {
        cwd: this.spec.cwd,
        // Next.js types declare NODE_ENV as required; this environment is deliberately minimal.
        env: this.spec.env as NodeJS.ProcessEnv,
        stdio: ['pipe', 'pipe', 'pipe'],
        detached: true,
        shell: false,
        windowsHide: true,
      });
      this.child = child;
      installExitHook();
      live.add(this);
      this.exited = new Promise((done) =>
        child.once('close', () => {
          done();
        }),
      );
      child.once('error', (error: NodeJS.ErrnoException) => {
        live.delete(this);
        reject(spawnError(error, this.spec.command, this.spec.cwd));
      });
      child.once('spawn', () => {
        resolve();
      });
      child.once('exit', (code, sig) => {
        this.exitCode = code;
        this.exitSignal = sig;
        this.exitedOnItsOwn = !this.closing;
      });
      child.once('close', () => {
        live.delete(this);
        this.finish();
      });
      child.stdin.on('error', () => {
        // EPIPE when the server exits first; the close event reports it.
      });
      child.stdout.on('data', (chunk: Buffer) => {
        this.onStdout(chunk);
      });
      child.stderr.on('data', (chunk: Buffer) => {
        this.onStderr(chunk);
      });
    });
  }

  private onStdout(chunk: Buffer): void {
    let start = 0;
    for (let newline = chunk.indexOf(10); newline !== -1; newline = chunk.indexOf(10, start)) {
      this.pending.push(chunk.subarray(start, newline));
      const line = Buffer.concat(this.pending).toString('utf8');
      this.pending = [];
      this.pendingBytes = 0;
      this.onLine(line);
      start = newline + 1;
      if (this.closed) return;
    }
    if (start < chunk.length) {
      const rest = chunk.subarray(start);
      this.pendingBytes += rest.length;
      this.pending.push(rest);
      if (this.pendingBytes > this.spec.maxMessageBytes) {
        this.pending = [];
        this.pendingBytes = 0;
        this.fatal = tooLargeError('message', this.spec.maxMessageBytes);
        this.onerror?.(this.fatal);
        void this.close();
      }
    }
  }

  private onLine(raw: string): void {
    const line = raw.replace(/\r$/, '');
    if (line.trim() === '') return;
    let message: unknown;
    try {
      message = JSON.parse(line);
    } catch {
      this.recordNoise(line);
      return;
    }
    // A JSON-RPC message passes through exactly as sent (no schema strips a field); anything else is noise.
    if (
      !isJSONRPCRequest(message) &&
      !isJSONRPCNotification(message) &&
      !isJSONRPCResultResponse(message) &&
      !isJSONRPCErrorResponse(message)
    ) {
      this.recordNoise(line);
      return;
    }
    this.onmessage?.(message);
  }

  private recordNoise(line: string): void {
    this.noiseCount += 1;
    if (this.noise.length < NOISE_LINES_KEPT) this.noise.push(line.length > 200 ? `${line.slice(0, 200)}…` : line);
  }

  private onStderr(chunk: Buffer): void {
    const limit = this.spec.stderrTailBytes ?? 8192;
    this.stderrBytes += chunk.length;
    this.stderrChunks.push(chunk);
    this.stderrKept += chunk.length;
    while (this.stderrKept > limit && this.stderrChunks.length > 0) {
      const first = this.stderrChunks[0];
      if (first === undefined) break;
      const excess = this.stderrKept - limit;
      if (first.length <= excess) {
        this.stderrChunks.shift();
        this.stderrKept -= first.length;
      } else {
        this.stderrChunks[0] = first.subarray(excess);
        this.stderrKept -= excess;
      }
    }
  }

  send(message: JSONRPCMessage): Promise<void> {
    const stdin = this.child?.stdin;
    if (stdin === undefined || this.closed || stdin.destroyed) {
      return Promise.reject(new AuditError('server-exited', 'The server is no longer running.'));
    }
    return new Promise((resolve) => {
      if (stdin.write(`${JSON.stringify(message)}\n`)) resolve();
      else
        stdin.once('drain', () => {
          resolve();
        });
    });
  }

  /** Ends the server and everything it started, without waiting for a graceful goodbye. */
  async close(): Promise<void> {
    const child = this.child;
    if (child?.pid === undefined) {
      this.finish();
      return;
    }
    this.closing = true;
    const pid = child.pid;
    this.rememberDescendants();
    const escaped = [...new Set([...descendantPids(pid), ...this.rememberedAlive()])];
    child.stdin.end();
    if (!this.hasExited) signalTree(pid, 'SIGTERM', escaped);
    const graceful = await Promise.race([
      this.exited.then(() => true),
      new Promise<boolean>((done) =>
        setTimeout(() => {
          done(false);
        }, 200).unref(),
      ),
    ]);
    // Whatever ignored SIGTERM, or outlived the leader, is killed now.
    signalTree(pid, 'SIGKILL', [...escaped, ...descendantPids(pid), ...this.rememberedAlive()].filter(isAlive));
    if (!graceful) {
      await Promise.race([this.exited, new Promise((done) => setTimeout(done, 2000).unref())]);
    }
    live.delete(this);
    this.finish();
  }

  /** Synchronous kill for process exit. */
  killNow(): void {
    const pid = this.child?.pid;
    if (pid !== undefined) signalTree(pid, 'SIGKILL', [...descendantPids(pid), ...this.rememberedAlive()]);
  }

  private finish(): void {
    if (this.closed) return;
    this.closed = true;
    this.onclose?.();
  }
}

function spawnError(error: NodeJS.ErrnoException, command: string, cwd: string | undefined): AuditError {
  switch (error.code) {
    case 'ENOENT':
      if (cwd !== undefined && !command.includes('/')) {
        return new AuditError(
          'command-not-found',
          `Command not found: ${command} (or the working directory ${cwd} does not exist).`,
          {
            hint: 'Check the spelling, that the program is installed and on PATH, or give its absolute path; check --cwd.',
            step: 'spawn',
            cause: error,
          },
        );
      }
      return new AuditError('command-not-found', `Command not found: ${command}.`, {
        hint: 'Check the spelling, that the program is installed and on PATH, or give its absolute path.',
        step: 'spawn',
        cause: error,
      });
    case 'EACCES':
      return new AuditError('command-not-executable', `Permission denied running ${command}: it is not executable.`, {
        hint: `Make it executable (chmod +x ${command}) or run it through its interpreter, for example: node ${command}`,
        step: 'spawn',
        cause: error,
      });
    default:
      return new AuditError('spawn-failed', `Could not start ${command}: ${error.message}`, {
        step: 'spawn',
        cause: error,
      });
  }
}
