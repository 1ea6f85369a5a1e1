/**
 * One audit: connect, list every tool raw, end the server, and hand the wire data to lib/core to
 * become a Report. Never throws for a failing server: every failure is a Problem in the Report,
 * with whatever was read before it. Bounded in time (connect, each request, the whole audit),
 * cancellable through an AbortSignal, and leaves no process behind.
 */
import type { AuditProgress } from '../core/audit-request';
import type { Problem } from '../core/problems';
import type { SurfaceContext } from '../core/surface/tool-findings';
import { buildReport, type ProcessFacts, type RawPage, type Report, type ServerFacts } from '../core/report';
import { protocolChoiceText, type ProtocolChoice } from '../core/protocol';
import { describeChoice, type ProtocolFacts } from '../core/protocol-facts';
import { AUDIT_DEFAULTS } from './audit-defaults';
import type { CapabilityChoice } from '../core/capabilities/declared';
import { BARE_AUDIT, HostSession, toolNamesOf } from './host-session';
import { connectHttp, connectStdio, type Connection } from './connect';
import { probeOtherEra } from './era-probe';
import type { AuditTargetSpec } from './target-spec';
import { missingVariableNames } from '../core/stderr';
import { AuditError } from './errors';
import { toAuditError } from './error-map';
import { LIST_KINDS, listRaw, type ListKind, type ListOptions } from './list-raw';
import { listToolsRaw } from './list-tools';
import { redactUrl, redactorFor } from './redact';
import type { ProcessGroupStdioTransport } from './stdio-transport';
import { prepareStdio, type StdioLaunch } from './stdio-launch';
import { GENERATOR } from './version';
import { declares, describeTarget, emptyList, serverFacts } from './audit-facts';

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
  /**
   * Called with the Report as soon as it is built, while the server is still exiting (runAudit
   * resolves once it has): the CLI saves it to history in that time.
   */
  onReport?: (report: Report) => void;
  /** Where `--env NAME` values come from (default: process.env). */
  callerEnv?: Readonly<Record<string, string | undefined>>;
  fetch?: typeof fetch;
  /**
   * For a URL target, the unauthenticated OAuth metadata check runs beside the listing and its
   * section is part of the Report (default true: the CLI and the dashboard get the same Report).
   */
  includeOAuth?: boolean;
  /** A stdio target already prepared (and perhaps started) by the caller: the CLI starts the server first. */
  launched?: StdioLaunch;
  /** Which protocol era to speak (default auto: the current one if offered, else 2025). */
  protocol?: ProtocolChoice;
  /**
   * Also estimate tokens (o200k_base). Building the encoder takes about a second and 100+ MiB the
   * first time in a process, so it is opt-in: the dashboard (one long-lived process) always asks,
   * the CLI when --tokens is given. Bytes are always counted.
   */
  countTokens?: boolean;
  /** The client capabilities to declare (default host: what common hosts declare; host-session.ts). */
  capabilities?: CapabilityChoice;
  /** Absolute folders offered on roots/list (--root); default an empty temporary folder. */
  roots?: readonly string[];
  /** One extra listing declaring no capability, to name the capability-gated tools. */
  compareCapabilities?: boolean;
  /** How long to keep listening for list_changed and server requests after the lists (0: not at all). */
  listenMs?: number;
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
  let redactor = redactorFor(spec, options.callerEnv ?? process.env);
  let stdio: ProcessGroupStdioTransport | null = null;
  let envNames: string[] = [];
  if (spec.transport === 'stdio') {
    const launch = options.launched ?? prepareStdio(spec, options.callerEnv ?? process.env, maxBytes);
    redactor = launch.redactor;
    stdio = launch.transport;
    envNames = launch.envNames;
    warnings.push(...launch.warnings);
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
    options.includeOAuth !== false && spec.transport !== 'stdio'
      ? // Loaded only for URLs: the OAuth check brings the public-suffix list and the guarded fetch.
        import('./oauth-discovery')
          .then(({ checkOAuth }) => checkOAuth(spec.url, { timeoutMs: Math.min(10_000, timeoutMs), signal }))
          .then(
            (checked) => {
              options.onProgress?.({
                type: 'progress',
                step: 'oauth',
                reachable: checked.reachable,
                findings: checked.findings.length,
              });
              return checked;
            },
            () => null,
          )
      : Promise.resolve(null);

  // The tokenizer's rank table is large: load it only when asked, while the server starts.
  const tokenizer =
    options.countTokens === true ? import('../core/token-cost').catch(() => null) : Promise.resolve(null);
  const choice: ProtocolChoice = options.protocol ?? { mode: 'auto' };

  let connection: Connection | null = null;
  let server: ServerFacts | null = null;
  let pages: RawPage[] = [];
  const reportContext: SurfaceContext = { serverHost: spec.transport === 'stdio' ? null : new URL(spec.url).hostname };
  let complete = false;
  let protocol: ProtocolFacts | null = null;
  let toolsError: string | null = null;
  const lists = { prompts: emptyList(false), resources: emptyList(false), resourceTemplates: emptyList(false) };
  let otherEra: Promise<ProtocolFacts['otherEra']> = Promise.resolve(null);
  let closing: Promise<void> | undefined;
  const session = new HostSession({ ...options, listenMs: options.listenMs ?? AUDIT_DEFAULTS.listenMs }, started);
  // A cancel or the deadline ends the server at once: the SDK's era probe does not heed the signal.
  // Its end is told as soon as it is over (a cancel waits for that, not for the report).
  let stopped: Promise<void> | undefined;
  const stopNow = (): void => {
    const transport = stdio;
    stopped ??= transport?.close().then(() => {
      const result = transport.stopResult;
      if (result === null) return;
      const { confirmed, survivors } = result;
      options.onProgress?.({
        type: 'progress',
        step: 'stopped',
        pid: transport.pid,
        confirmed,
        survivors: survivors.length,
      });
    });
  };
  signal.addEventListener('abort', stopNow, { once: true });
  try {
    const connectOptions = {
      signal,
      timeoutMs: remaining(options.connectTimeoutMs ?? AUDIT_DEFAULTS.connectTimeoutMs),
      maxMessageBytes: maxBytes,
      clientVersion: GENERATOR.version,
      protocol: choice,
      onSpawned: (pid: number | null) => {
        step = 'initialize';
        options.onProgress?.({ type: 'progress', step: 'spawned', pid });
      },
      ...(options.fetch === undefined ? {} : { fetch: options.fetch }),
      onTooLarge: (error: AuditError) => {
        tooLarge = error;
      },
      redactor,
      ...session.connectOptions(),
    };
    if (stdio !== null) {
      step = 'spawn';
      connection = await connectStdio(stdio, connectOptions);
    } else if (spec.transport !== 'stdio') {
      step = 'initialize';
      connection = await connectHttp(spec, connectOptions);
    }
    if (connection !== null) {
      const live = connection;
      server = serverFacts(live.observed.initialize, live);
      protocol = {
        era: live.era,
        version: live.version === '' ? null : live.version,
        requested: protocolChoiceText(choice),
        chosenBy: choice.mode !== 'auto' ? 'requested' : live.era === 'modern' ? 'auto-probe' : 'auto-fallback',
        detail: describeChoice(choice, live.era, live.version),
        otherEra: null,
      };
      if (spec.transport !== 'stdio') {
        const other = live.era === 'modern' ? 'legacy' : 'modern';
        otherEra =
          live.kind === 'sse'
            ? Promise.resolve({
                era: other,
                accepted: null,
                detail: 'Not probed: the legacy HTTP+SSE transport has no current-era form.',
              })
            : probeOtherEra(spec.url, other, {
                headers: spec.headers,
                clientVersion: GENERATOR.version,
                signal,
                redactor,
                ...(options.fetch === undefined ? {} : { fetch: options.fetch }),
              });
      }
      options.onProgress?.({
        type: 'progress',
        step: 'initialized',
        server,
      });
      step = 'tools/list page 1';
      const listOptions = (onPage?: ListOptions['onPage']): ListOptions => ({
        signal,
        requestTimeoutMs: () => remaining(options.requestTimeoutMs ?? AUDIT_DEFAULTS.requestTimeoutMs),
        maxPages: options.maxPages ?? AUDIT_DEFAULTS.maxPages,
        maxTotalBytes: maxBytes * 4,
        ...(onPage === undefined ? {} : { onPage }),
      });
      const capabilities = server.capabilities;
      /** One of the other lists, concurrently with tools/list; a failure is a warning, never the end. */
      const readList = async (key: keyof typeof lists, kind: ListKind): Promise<void> => {
        if (!declares(capabilities, kind.key === 'resourceTemplates' ? 'resources' : kind.key)) return;
        const listed = await listRaw(live, kind, listOptions());
        warnings.push(...listed.warnings);
        let error: string | null = null;
        if (listed.stoppedBy !== null) {
          const problem = problemFor(listed.stoppedBy.error, listed.stoppedBy.step);
          error = problem.message;
          warnings.push({
            code: 'list-failed',
            message: `${kind.method} failed: ${problem.message}`,
            hint: `The rest of the report stands; the ${key} read before the failure are shown.`,
            step: listed.stoppedBy.step,
          });
        }
        lists[key] = { declared: true, pages: listed.pages, complete: listed.complete, error };
      };
      const toolsListed = listToolsRaw(
        live,
        listOptions((page, tools, bytes) => {
          step = `tools/list page ${page + 1}`;
          stdio?.rememberDescendants();
          options.onProgress?.({ type: 'progress', step: 'page', page, tools, bytes });
        }),
      );
      const listing = Promise.all([
        toolsListed,
        readList('prompts', LIST_KINDS.prompts),
        readList('resources', LIST_KINDS.resources),
        readList('resourceTemplates', LIST_KINDS.resourceTemplates),
      ]);
      // The requests are on their way: the process tree is read while the server answers them.
      stdio?.rememberDescendants();
      const [listed] = await listing;
      pages = listed.pages;
      complete = listed.complete;
      warnings.push(...listed.warnings);
      if (listed.stoppedBy !== null) {
        const problem = problemFor(listed.stoppedBy.error, listed.stoppedBy.step);
        toolsError = problem.message;
        errors.push(problem);
      } else {
        // A host keeps the connection: what the server asks or changes right after the lists is part of it.
        const state = { tools: pages, lists };
        await session.listen(live, state, () => listOptions(), capabilities, deadline - performance.now() - 1000);
        pages = state.tools;
      }
    }
  } catch (error) {
    errors.push(problemFor(error, step));
  } finally {
    clearTimeout(timeout);
    signal.removeEventListener('abort', stopNow);
    // The server is told to end now; the report is built while it exits, and its exit is awaited
    // before the report is handed back. What it writes to stderr after this point is not read.
    closing = connection?.close() ?? stdio?.close();
    stopNow();
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
    const exited = errors.filter((problem) => problem.code === 'server-exited');
    const missingEnv = exited.length === 0 ? [] : missingVariableNames(stdio.stderrTail);
    if (missingEnv.length > 0) for (const problem of exited) problem.missingEnv = missingEnv;
    if (stdio.noiseCount > 0) {
      const lines = stdio.noiseCount === 1 ? 'line that is' : `${stdio.noiseCount} lines that are`;
      warnings.push({
        code: 'stdout-noise',
        message: `The server wrote ${stdio.noiseCount === 1 ? 'a ' : ''}${lines} not JSON-RPC to stdout, first: ${JSON.stringify(stdio.noise[0] ?? '')}.`,
        hint: 'stdout belongs to the protocol; a server should log to stderr. Stricter clients fail on such lines.',
      });
    }
  }

  if (protocol !== null) protocol.otherEra = await otherEra;
  const comparison = await session.compare(toolNamesOf(pages), () => runAudit(spec, { ...options, ...BARE_AUDIT }));

  const tokens = await tokenizer;
  // Every server text in it was redacted where it entered, before anything cut it.
  const report = buildReport({
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
    protocol,
    surface: {
      ...lists,
      instructions: server?.instructions ?? null,
      toolsDeclared: declares(server?.capabilities, 'tools'),
      toolsError,
      authRequired:
        spec.transport !== 'stdio' && Object.keys(spec.headers).some((name) => name.toLowerCase() === 'authorization'),
    },
    context: reportContext,
    ...(tokens === null ? {} : { countTokens: tokens.countTokens, encoding: tokens.TOKEN_ENCODING }),
    clientSession: session.finish(comparison),
  });
  options.onReport?.(report);
  await closing;
  await stopped;
  await session.cleanup();
  return report;
}
