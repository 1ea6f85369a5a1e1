/**
 * One audit: connect, list every tool raw, end the server, and hand the wire data to lib/core to
 * become a Report. Never throws for a failing server: every failure is a Problem in the Report,
 * with whatever was read before it. Bounded in time (connect, each request, the whole audit),
 * cancellable through an AbortSignal, and leaves no process behind.
 */
import type { AuditProgress } from '../core/audit-request';
import type { Problem } from '../core/problems';
import {
  buildReport,
  stringOrNull,
  type ProcessFacts,
  type RawPage,
  type Report,
  type ServerFacts,
  type Target,
} from '../core/report';
import { childEnvironment } from './child-env';
import { connectHttp, connectStdio, type Connection, type RawInitialize } from './connect';
import type { AuditTargetSpec } from './target-spec';
import { missingVariableNames } from '../core/stderr';
import { AuditError } from './errors';
import { toAuditError } from './error-map';
import { listToolsRaw } from './list-tools';
import { checkOAuth } from './oauth-discovery';
import { Redactor, redactUrl, redactorFor } from './redact';
import { ProcessGroupStdioTransport } from './stdio-transport';
import { GENERATOR } from './version';

export interface AuditOptions {
  /** Bounds the whole audit. */
  timeoutMs?: number;
  connectTimeoutMs?: number;
  requestTimeoutMs?: number;
  maxPages?: number;
  /** Largest single message in bytes; the whole listing may be four times that. */
  maxBytes?: number;
  signal?: AbortSignal;
  onProgress?: (event: AuditProgress) => void;
  /** Where `--env NAME` values come from (default: process.env). */
  callerEnv?: Readonly<Record<string, string | undefined>>;
  fetch?: typeof fetch;
  /** For a URL target, also run the unauthenticated OAuth metadata check (in parallel). */
  includeOAuth?: boolean;
}

export const AUDIT_DEFAULTS = {
  timeoutMs: 30_000,
  connectTimeoutMs: 20_000,
  requestTimeoutMs: 15_000,
  maxPages: 1000,
  maxBytes: 16 * 1024 * 1024,
} as const;

function serverFacts(raw: RawInitialize | null, kind: ServerFacts['transport']): ServerFacts {
  const info = (typeof raw?.serverInfo === 'object' && raw.serverInfo !== null ? raw.serverInfo : {}) as Record<
    string,
    unknown
  >;
  return {
    name: stringOrNull(info.name),
    version: stringOrNull(info.version),
    title: stringOrNull(info.title),
    protocolVersion: stringOrNull(raw?.protocolVersion),
    transport: kind,
    capabilities: raw?.capabilities ?? null,
    instructions: stringOrNull(raw?.instructions),
  };
}

/** The target as a report shows it: a secret the user also typed into the command line is redacted too. */
export function describeTarget(spec: AuditTargetSpec, envNames: string[], redactor: Redactor = new Redactor()): Target {
  if (spec.transport === 'stdio') {
    return redactor.value({
      transport: 'stdio',
      command: spec.command,
      args: [...spec.args],
      cwd: spec.cwd ?? null,
      envNames,
    });
  }
  return { transport: spec.transport, url: redactUrl(spec.url), headerNames: Object.keys(spec.headers), envNames: [] };
}

export async function runAudit(spec: AuditTargetSpec, options: AuditOptions = {}): Promise<Report> {
  const started = performance.now();
  const timeoutMs = options.timeoutMs ?? AUDIT_DEFAULTS.timeoutMs;
  const maxBytes = options.maxBytes ?? AUDIT_DEFAULTS.maxBytes;
  const deadline = started + timeoutMs;
  // Step timeouts end a little after the deadline so the audit's own timer, which names the step, fires first.
  const remaining = (cap: number): number => Math.max(1, Math.min(cap, deadline - performance.now() + 250));
  const errors: Problem[] = [];
  const warnings: Problem[] = [];
  let step = 'start';

  const timer = new AbortController();
  const timeout = setTimeout(() => {
    timer.abort(
      new AuditError('timeout', `The audit timed out after ${timeoutMs} ms, at ${step}.`, {
        hint: 'The server may be waiting for input, a network resource or a login. Raise --timeout if it is just slow.',
        step,
      }),
    );
  }, timeoutMs);
  const signal = options.signal === undefined ? timer.signal : AbortSignal.any([options.signal, timer.signal]);

  // The audit's secrets, redacted from every server text where it enters (lib/server/redact.ts).
  const redactor = redactorFor(spec, options.callerEnv ?? process.env);
  let stdio: ProcessGroupStdioTransport | null = null;
  let envNames: string[] = [];
  if (spec.transport === 'stdio') {
    const child = childEnvironment(spec.env, options.callerEnv ?? process.env);
    envNames = child.names;
    for (const name of child.missing) {
      warnings.push({
        code: 'env-missing',
        message: `${name} was named with --env but is not set in your environment; it was not passed.`,
        hint: `Set it first (export ${name}=...) or give a value with --env ${name}=value.`,
      });
    }
    stdio = new ProcessGroupStdioTransport({
      command: spec.command,
      args: spec.args,
      cwd: spec.cwd,
      env: child.env,
      maxMessageBytes: maxBytes,
      redactor,
    });
  }
  const target = describeTarget(spec, envNames, redactor);
  const url = spec.transport === 'stdio' ? undefined : redactUrl(spec.url);
  options.onProgress?.({ type: 'progress', step: 'starting', transport: target.transport });

  /** The problem for a failure: the deadline or a cancel wins over what the SDK made of it. */
  let tooLarge: AuditError | null = null;
  const problemFor = (error: unknown, at: string): Problem => {
    if (tooLarge !== null) return { ...tooLarge.toProblem(), step: at };
    if (signal.aborted) {
      const reason: unknown = signal.reason;
      if (reason instanceof AuditError) return reason.toProblem();
      return { code: 'cancelled', message: `The audit was cancelled at ${at}.`, step: at };
    }
    return toAuditError(error, { step: at, stdio, redactor, ...(url === undefined ? {} : { url }) }).toProblem();
  };

  const oauth =
    options.includeOAuth === true && spec.transport !== 'stdio'
      ? checkOAuth(spec.url, { timeoutMs: Math.min(10_000, timeoutMs), signal }).catch(() => null)
      : Promise.resolve(null);

  let connection: Connection | null = null;
  let server: ServerFacts | null = null;
  let pages: RawPage[] = [];
  let complete = false;
  try {
    const connectOptions = {
      signal,
      timeoutMs: remaining(options.connectTimeoutMs ?? AUDIT_DEFAULTS.connectTimeoutMs),
      maxMessageBytes: maxBytes,
      clientVersion: GENERATOR.version,
      onSpawned: (pid: number | null) => {
        step = 'initialize';
        options.onProgress?.({ type: 'progress', step: 'spawned', pid });
      },
      ...(options.fetch === undefined ? {} : { fetch: options.fetch }),
      onTooLarge: (error: AuditError) => {
        tooLarge = error;
      },
      redactor,
    };
    if (stdio !== null) {
      step = 'spawn';
      connection = await connectStdio(stdio, connectOptions);
    } else if (spec.transport !== 'stdio') {
      step = 'initialize';
      connection = await connectHttp(spec, connectOptions);
    }
    if (connection !== null) {
      stdio?.rememberDescendants();
      server = serverFacts(connection.observed.initialize, connection.kind);
      options.onProgress?.({
        type: 'progress',
        step: 'initialized',
        server,
      });
      step = 'tools/list page 1';
      const listed = await listToolsRaw(connection.client, {
        signal,
        requestTimeoutMs: () => remaining(options.requestTimeoutMs ?? AUDIT_DEFAULTS.requestTimeoutMs),
        maxPages: options.maxPages ?? AUDIT_DEFAULTS.maxPages,
        maxTotalBytes: maxBytes * 4,
        onPage: (page, tools, bytes) => {
          step = `tools/list page ${page + 1}`;
          stdio?.rememberDescendants();
          options.onProgress?.({ type: 'progress', step: 'page', page, tools, bytes });
        },
      });
      pages = listed.pages;
      complete = listed.complete;
      warnings.push(...listed.warnings);
      if (listed.stoppedBy !== null) errors.push(problemFor(listed.stoppedBy.error, listed.stoppedBy.step));
    }
  } catch (error) {
    errors.push(problemFor(error, step));
  } finally {
    clearTimeout(timeout);
    await (connection?.close() ?? stdio?.close());
  }

  let processFacts: ProcessFacts | null = null;
  if (stdio !== null) {
    processFacts = {
      pid: stdio.pid,
      exitCode: stdio.exitedOnItsOwn ? stdio.exitCode : null,
      signal: stdio.exitedOnItsOwn ? stdio.exitSignal : null,
      stderrTail: stdio.stderrTail,
      stderrBytes: stdio.stderrBytes,
    };
    // A server that exits for want of a variable says which on stderr: carry the names as data.
    const missingEnv = missingVariableNames(stdio.stderrTail);
    if (missingEnv.length > 0) {
      for (const problem of errors) if (problem.code === 'server-exited') problem.missingEnv = missingEnv;
    }
    if (stdio.noiseCount > 0) {
      const lines = stdio.noiseCount === 1 ? 'line that is' : `${stdio.noiseCount} lines that are`;
      warnings.push({
        code: 'stdout-noise',
        message: `The server wrote ${stdio.noiseCount === 1 ? 'a ' : ''}${lines} not JSON-RPC to stdout, first: ${JSON.stringify(stdio.noise[0] ?? '')}.`,
        hint: 'stdout belongs to the protocol; a server should log to stderr. Stricter clients fail on such lines.',
      });
    }
  }

  // Every server text in it was redacted where it entered, before anything cut it.
  return buildReport({
    generator: GENERATOR,
    generatedAt: new Date().toISOString(),
    target,
    server,
    pages,
    complete,
    durationMs: Math.round(performance.now() - started),
    process: processFacts,
    oauth: await oauth,
    errors,
    warnings,
  });
}
