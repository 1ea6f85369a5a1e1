/**
 * An MCP stdio client transport for servers nobody has decided to trust. Unlike the SDK's
 * StdioClientTransport it starts the server in its own process group and ends the group (and any
 * descendant that escaped it) at once; it captures a bounded stderr tail; it tolerates and records
 * non-protocol lines on stdout; and it caps the size of one message so memory stays bounded.
 * stderr and non-protocol stdout are server text: redacted here, before they are cut for display.
 * The command is resolved as a shell would, without one (cross-spawn: `npx` is `npx.cmd` on Windows).
 * start() may be called early (the CLI starts the server before it loads the SDK) and again by the
 * SDK's Client: the server starts once, and messages that arrive before the Client listens wait.
 */
import type { ChildProcessWithoutNullStreams, SpawnOptions } from 'node:child_process';
import { statSync } from 'node:fs';
import crossSpawn from 'cross-spawn';
import type { JSONRPCMessage, Transport } from '@modelcontextprotocol/client';
import { AuditError, tooLargeError } from './errors';
import { processTree, systemHost, type ProcessTree, type TreeHost } from './process-tree';
import { Redactor } from './redact';
/** Starts a program: cross-spawn by default (same signature as child_process.spawn); injected in tests. */
export type Spawner = (
  command: string,
  args: readonly string[],
  options: SpawnOptions,
) => ReturnType<typeof crossSpawn>;

/**
 * The SDK's JSON-RPC guards, loaded on first use (importing the SDK evaluates every protocol schema):
 * a message passes exactly as sent, or is null when it is not JSON-RPC.
 */
let messageGuard: Promise<(value: unknown) => JSONRPCMessage | null> | undefined;
function loadMessageSchema(): NonNullable<typeof messageGuard> {
  messageGuard ??= import('@modelcontextprotocol/client').then((sdk) => {
    // Responses first: nearly every message a client receives answers one of its requests, and a
    // failed parse costs zod an error object.
    const guard = (value: unknown): JSONRPCMessage | null =>
      sdk.isJSONRPCResultResponse(value) ||
      sdk.isJSONRPCErrorResponse(value) ||
      sdk.isJSONRPCRequest(value) ||
      sdk.isJSONRPCNotification(value)
        ? value
        : null;
    // zod prepares a schema on its first parse (1-2 ms for these four): do it now, while the server
    // boots, rather than when its first message arrives.
    for (const sample of WARM_UP_MESSAGES) guard(sample);
    return guard;
  });
  return messageGuard;
}

/** One message of each kind the guard tells apart, the last one of none. */
const WARM_UP_MESSAGES: readonly unknown[] = [
  { jsonrpc: '2.0', id: 0, method: 'ping' },
  { jsonrpc: '2.0', method: 'notifications/initialized' },
  { jsonrpc: '2.0', id: 0, result: {} },
  { jsonrpc: '2.0', id: 0, error: { code: -32601, message: 'Method not found' } },
  { jsonrpc: '2.0' },
];

/** The spawn options for an untrusted server: its own process group on POSIX (Windows has none), no shell. */
export function spawnOptions(spec: Pick<StdioServerSpec, 'cwd' | 'env'>, platform: NodeJS.Platform): SpawnOptions {
  return {
    cwd: spec.cwd,
    // Next.js types declare NODE_ENV as required; this environment is deliberately minimal.
    env: spec.env as NodeJS.ProcessEnv,
    stdio: ['pipe', 'pipe', 'pipe'],
    // POSIX: a new process group (setsid), ended as one. Windows: detached would only open a console.
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
  /** Largest single message accepted on stdout, in bytes. */
  maxMessageBytes: number;
  /** How much of stderr to keep (the tail), in bytes. */
  stderrTailBytes?: number;
  /** The audit's secrets: stderr and stdout noise are redacted here, where they enter, before any cut. */
  redactor?: Redactor;
  /** Tests only: another spawner, and another platform's process table and kill. */
  spawner?: Spawner;
  host?: TreeHost;
}

const NOISE_LINES_KEPT = 5;
const NOISE_LINE_CHARS = 200;
const NO_SECRETS = new Redactor();
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

  constructor(private readonly spec: StdioServerSpec) {
    this.tree = processTree(spec.host ?? systemHost);
  }

  /**
   * Records the server's current descendants, so they can be ended even if they escape its process
   * group; returns them.
   */
  rememberDescendants(): number[] {
    const pid = this.child?.pid;
    if (pid === undefined) return [];
    const descendants = this.tree.descendantPids(pid);
    for (const descendant of descendants) {
      const started = this.tree.processStartTime(descendant);
      if (started !== null) this.seen.set(descendant, started);
    }
    return descendants;
  }

  /** Remembered descendants that are still the same processes (same PID and start time). */
  private rememberedAlive(): number[] {
    return [...this.seen].filter(([pid, started]) => this.tree.processStartTime(pid) === started).map(([pid]) => pid);
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

  private readonly tree: ProcessTree;

  /** Starts the server once; later calls wait for the same start, then hand over any early messages. */
  async start(): Promise<void> {
    this.started ??= this.spawnServer();
    await this.started;
    const early = this.early;
    this.early = [];
    for (const message of early) this.onmessage?.(message);
  }

  private spawnServer(): Promise<void> {
    const cwdProblem = this.spec.cwd === undefined ? null : missingDirectory(this.spec.cwd);
    if (cwdProblem !== null) return Promise.reject(cwdProblem);
    const spawner = this.spec.spawner ?? crossSpawn;
    const spawned = new Promise<void>((resolve, reject) => {
      const child = spawner(
        this.spec.command,
        [...this.spec.args],
        spawnOptions(this.spec, (this.spec.host ?? systemHost).platform),
      ) as ChildProcessWithoutNullStreams;
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
    return Promise.all([spawned, schema]).then(() => undefined);
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
    if (child?.pid === undefined) {
      this.finish();
      return;
    }
    this.closing = true;
    const pid = child.pid;
    const escaped = [...new Set([...this.rememberDescendants(), ...this.rememberedAlive()])];
    child.stdin.end();
    if (!this.hasExited) this.tree.signalTree(pid, 'SIGTERM', escaped);
    const graceful = await Promise.race([
      this.exited.then(() => true),
      new Promise<boolean>((done) =>
        setTimeout(() => {
          done(false);
        }, 200).unref(),
      ),
    ]);
    // Whatever ignored SIGTERM, or outlived the leader, is killed now. Once the leader is gone its
    // children belong to another parent: only the remembered ones can still be found.
    const late = graceful ? [] : this.tree.descendantPids(pid);
    this.tree.signalTree(
      pid,
      'SIGKILL',
      [...new Set([...escaped, ...late, ...this.rememberedAlive()])].filter((other) => this.tree.isAlive(other)),
    );
    if (!graceful) {
      await Promise.race([this.exited, new Promise((done) => setTimeout(done, 2000).unref())]);
    }
    live.delete(this);
    this.finish();
  }

  /** Synchronous kill for process exit. */
  killNow(): void {
    const pid = this.child?.pid;
    if (pid !== undefined)
      this.tree.signalTree(pid, 'SIGKILL', [...this.tree.descendantPids(pid), ...this.rememberedAlive()]);
  }

  private finish(): void {
    if (this.closed) return;
    this.closed = true;
    this.onclose?.();
  }
}

/** Why `cwd` cannot be the server's working directory, or null when it can. */
function missingDirectory(cwd: string): AuditError | null {
  let isDirectory: boolean;
  try {
    isDirectory = statSync(cwd).isDirectory();
  } catch {
    return new AuditError('bad-input', `The working directory ${cwd} does not exist.`, {
      hint: 'Check --cwd (a relative path is taken from where mcp-hintcheck runs), or leave it out.',
      step: 'spawn',
    });
  }
  if (isDirectory) return null;
  return new AuditError('bad-input', `The working directory ${cwd} is not a directory.`, {
    hint: 'Give --cwd a directory, or leave it out.',
    step: 'spawn',
  });
}

function spawnError(error: NodeJS.ErrnoException, command: string, cwd: string | undefined): AuditError {
  switch (error.code) {
    case 'ENOENT': {
      // The directory may have gone between the check and the spawn.
      const gone = cwd === undefined ? null : missingDirectory(cwd);
      if (gone !== null) return gone;
      return new AuditError('command-not-found', `Command not found: ${command}.`, {
        hint: 'Check the spelling, that the program is installed and on PATH, or give its absolute path.',
        step: 'spawn',
        cause: error,
      });
    }
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
