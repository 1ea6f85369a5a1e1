/**
 * An MCP stdio client transport for servers nobody has decided to trust. Unlike the SDK's
 * StdioClientTransport it starts the server in its own session and process group and ends all of it
 * at once (lib/server/process/reaper.ts), saying whether that was confirmed; it captures a bounded stderr tail; it tolerates and records
 * non-protocol lines on stdout; and it caps the size of one message so memory stays bounded.
 * stderr and non-protocol stdout are server text: redacted here, before they are cut for display.
 * The command is resolved as a shell would, without one (on Windows through cross-spawn: `npx` is
 * `npx.cmd`; lib/server/process/default-spawner.ts).
 * start() may be called early (the CLI starts the server before it loads the SDK) and again by the
 * SDK's Client: the server starts once, and messages that arrive before the Client listens wait.
 */
import type { ChildProcessWithoutNullStreams, SpawnOptions } from 'node:child_process';
import type { JSONRPCMessage, Transport } from '@modelcontextprotocol/client';
import { AuditError, tooLargeError } from '../errors';
import { defaultSpawner, type Spawner } from '../process/default-spawner';
import { systemHost, type TreeHost } from '../process/process-tree';
import { ServerReaper, type StopResult } from '../process/reaper';
import { missingDirectory, spawnError } from '../process/spawn-errors';
import { Redactor } from '../redact';
/**
 * The SDK's JSON-RPC guards, loaded on first use (importing the SDK evaluates every protocol schema):
 * a message passes exactly as sent, or is null when it is not JSON-RPC.
 */
let messageGuard: Promise<(value: unknown) => JSONRPCMessage | null> | undefined;
function loadMessageSchema(): NonNullable<typeof messageGuard> {
  messageGuard ??= import('@modelcontextprotocol/client').then(
    (sdk) =>
      (value: unknown): JSONRPCMessage | null =>
        sdk.isJSONRPCResultResponse(value) ||
        sdk.isJSONRPCErrorResponse(value) ||
        sdk.isJSONRPCRequest(value) ||
        sdk.isJSONRPCNotification(value)
          ? value
          : null,
  );
  return messageGuard;
}

/** The spawn options for an untrusted server: its own session and process group on POSIX (Windows has none), no shell. */
export function spawnOptions(
  spec: Pick<StdioServerSpec, 'cwd' | 'env' | 'extraDescriptors'>,
  platform: NodeJS.Platform,
): SpawnOptions {
  return {
    cwd: spec.cwd,
    // Next.js types declare NODE_ENV as required; this environment is deliberately minimal.
    env: spec.env as NodeJS.ProcessEnv,
    stdio: ['pipe', 'pipe', 'pipe', ...(spec.extraDescriptors ?? [])],
    // POSIX: a new session and process group (setsid), ended as one. Windows: detached would only open a console.
    detached: platform !== 'win32',
    shell: false,
    windowsHide: true,
  };
}

export interface StdioServerSpec {
  command: string;
  args: readonly string[];
  cwd?: string | undefined;
  env: Record<string, string>;
  /** Open descriptors the server inherits as fd 3, 4, … (the exercise sandbox's seccomp program and files). */
  extraDescriptors?: readonly number[];
  /** Largest single message accepted on stdout, in bytes. */
  maxMessageBytes: number;
  /** How much of stderr to keep (the tail), in bytes. */
  stderrTailBytes?: number;
  /** The audit's secrets: stderr and stdout noise are redacted here, where they enter, before any cut. */
  redactor?: Redactor;
  /** Checked before the spawn: why the server cannot be started (a sandboxed launch resolves its command first), or null. */
  preflight?: () => AuditError | null;
  /** Called once, when the transport has finished (the server ended, or never started). */
  onFinished?: () => void;
  /** Tests only: another spawner, and another platform's process table and kill. */
  spawner?: Spawner;
  host?: TreeHost;
}

const NOISE_LINES_KEPT = 5;
const NOISE_LINE_CHARS = 200;
const NO_SECRETS = new Redactor();

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

  /** Ends the server and everything it started; set once it has started. */
  private reaper: ServerReaper | undefined;
  /** How the end went: null until close() has finished with a started server. */
  stopResult: StopResult | null = null;

  constructor(private readonly spec: StdioServerSpec) {}

  /**
   * Records the server's current descendants, so they can be ended even if they escape its process
   * group; returns them.
   */
  rememberDescendants(): number[] {
    return this.reaper?.remember() ?? [];
  }

  get pid(): number | null {
    return this.child?.pid ?? null;
  }

  /**
   * The last bytes of stderr, decoded leniently and redacted. When earlier bytes were dropped, the
   * tail starts at a cut: a piece of a secret right after it is removed too.
   */
  get stderrTail(): string {
    const text = Buffer.concat(this.stderrChunks).toString('utf8');
    const cut = this.stderrBytes > this.stderrKept;
    const clean = this.redactor.text(text, { start: cut });
    return cut ? `…${clean}` : clean;
  }

  private get redactor(): Redactor {
    return this.spec.redactor ?? NO_SECRETS;
  }

  get hasExited(): boolean {
    return this.exitCode !== null || this.exitSignal !== null;
  }

  private started: Promise<void> | undefined;
  /** Messages read before the SDK's Client set onmessage (the CLI starts the server before it has one). */
  private early: JSONRPCMessage[] = [];
  private parseMessage: ((value: unknown) => JSONRPCMessage | null) | undefined;

  /** Starts the server once; later calls wait for the same start, then hand over any early messages. */
  async start(): Promise<void> {
    this.started ??= this.spawnServer();
    await this.started;
    const early = this.early;
    this.early = [];
    for (const message of early) this.onmessage?.(message);
  }

  private async spawnServer(): Promise<void> {
    const cwdProblem = this.spec.cwd === undefined ? null : missingDirectory(this.spec.cwd);
    if (cwdProblem !== null) throw cwdProblem;
    const preflight = this.spec.preflight?.() ?? null;
    if (preflight !== null) throw preflight;
    // No await on POSIX: the server is spawned in this same turn, as before.
    const chosen = this.spec.spawner ?? defaultSpawner();
    const spawner = typeof chosen === 'function' ? chosen : await chosen;
    const spawned = new Promise<void>((resolve, reject) => {
      const child = spawner(
        this.spec.command,
        [...this.spec.args],
        spawnOptions(this.spec, (this.spec.host ?? systemHost).platform),
      ) as ChildProcessWithoutNullStreams;
      this.child = child;
      if (child.pid !== undefined) this.reaper = new ServerReaper(child.pid, this.spec.host ?? systemHost);
      this.exited = new Promise((done) =>
        child.once('close', () => {
          done();
        }),
      );
      child.once('error', (error: NodeJS.ErrnoException) => {
        this.reaper?.release();
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
        this.finish();
      });
      child.stdin.on('error', () => {
        // EPIPE when the server exits first; the close event reports it.
      });
      child.stderr.on('data', (chunk: Buffer) => {
        this.onStderr(chunk);
      });
    });
    // stdout stays paused (buffered by Node) until the message schema is loaded, which happens while
    // the server boots.
    const schema = loadMessageSchema().then((guard) => {
      this.parseMessage = guard;
      this.child?.stdout.on('data', (chunk: Buffer) => {
        this.onStdout(chunk);
      });
    });
    await Promise.all([spawned, schema]);
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
    const parsed = this.parseMessage?.(message) ?? null;
    if (parsed === null) {
      this.recordNoise(line);
      return;
    }
    if (this.onmessage === undefined) this.early.push(parsed);
    else this.onmessage(parsed);
  }

  private recordNoise(line: string): void {
    this.noiseCount += 1;
    if (this.noise.length >= NOISE_LINES_KEPT) return;
    // The whole line is redacted first; only then is it shortened for display.
    const clean = this.redactor.text(line);
    this.noise.push(clean.length > NOISE_LINE_CHARS ? `${clean.slice(0, NOISE_LINE_CHARS)}…` : clean);
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

  private ending: Promise<void> | undefined;

  /** Ends the server and everything it started, without waiting for a graceful goodbye. Once. */
  close(): Promise<void> {
    this.ending ??= this.end();
    return this.ending;
  }

  private async end(): Promise<void> {
    const child = this.child;
    const reaper = this.reaper;
    if (child === undefined || reaper === undefined) {
      this.finish();
      return;
    }
    this.closing = true;
    child.stdin.end();
    this.stopResult = await reaper.stop(this.exited, () => this.hasExited);
    this.finish();
  }

  private finish(): void {
    if (this.closed) return;
    this.closed = true;
    this.spec.onFinished?.();
    this.onclose?.();
  }
}
