/**
 * One audit: connect, list every tool raw, end the server, and hand the wire data to lib/core to
 * become a Report. Never throws for a failing server: every failure is a Problem in the Report,
 * with whatever was read before it. Bounded in time (connect, each request, the whole audit),
 * cancellable through an AbortSignal, and leaves no process behind.
 */
import type { OAuthReport } from '../../core/oauth/schemas';
import type { ProtocolChoice } from '../../core/protocol';
import type { ProtocolFacts } from '../../core/report/protocol-facts';
import { buildReport, type Report, type ServerFacts } from '../../core/report/report';
import type { Connection } from '../mcp/connect';
import { BARE_AUDIT, toolNamesOf } from '../mcp/host-session';
import { TOKEN_ENCODING } from '../../core/token-encoding';
import { GENERATOR } from '../version';
import { connectTarget, otherEraOf, protocolFactsOf } from './audit-connect';
import { declares, serverFacts } from './audit-facts';
import { emptyListing, listEverything, type Listing } from './audit-listing';
import type { AuditOptions } from './audit-options';
import { AuditContext } from './audit-context';
import type { AuditTargetSpec } from '../target-spec';
import { stdioOutcome } from './stdio-outcome';
import { gatherDeclared, withDeclared, type DeclaredFound } from '../declared/declared-check';
import { declaresSkills, readSkills } from '../declared/skills';
import { resolveHosted } from '../declared/resolve';
import type { Resolution } from '../../core/resolve/definitions';
import type { SkillsRead } from '../../core/declared/section';
import type { AppRead } from '../../core/apps/reads';
import { readAppResources } from './app-reads';
import { buildApps } from '../../core/report/apps-build';
import { withListingChanges } from '../../core/report/listing-changes';
import { servesTasksExtension, type TaskHeaderProbe } from '../../core/surface/task-name-header';
import { probeTaskHeaders } from '../mcp/task-header-probe';

/** The token-cost module, when tokens are counted. */
type Tokenizer = typeof import('../../core/token-cost');

/** What the connected part of an audit found (all null/empty when it never connected). */
interface Found {
  server: ServerFacts | null;
  protocol: ProtocolFacts | null;
  otherEra: Promise<ProtocolFacts['otherEra']>;
  listing: Listing;
  /** The skills read (SEP-2640), when the server declares the extension. */
  skills: SkillsRead | null;
  /** tools/resolve of each resolvable tool (hosted servers; local ones only in the sandbox). */
  resolutions: Resolution[];
  /** The UI resources read (MCP Apps). */
  appReads: AppRead[];
  /** Streamable HTTP, 2026-07-28, the tasks extension declared: whether task requests' Mcp-Name is checked. */
  taskHeaders: TaskHeaderProbe | null;
}

export async function runAudit(spec: AuditTargetSpec, options: AuditOptions = {}): Promise<Report> {
  const run = new AuditContext(spec, options);
  options.onProgress?.({ type: 'progress', step: 'starting', transport: run.target.transport });
  const oauth = oauthCheck(run);
  const declared = declaredCheck(run);
  // The tokenizer's rank table is large: load it only when asked, while the server starts.
  const tokenizer: Promise<Tokenizer | null> =
    options.countTokens === true ? import('../../core/token-cost').catch(() => null) : Promise.resolve(null);
  const found: Found = {
    server: null,
    protocol: null,
    otherEra: Promise.resolve(null),
    listing: emptyListing(),
    skills: null,
    resolutions: [],
    appReads: [],
    taskHeaders: null,
  };
  let connection: Connection | null = null;
  try {
    connection = await connectTarget(run, options.protocol ?? { mode: 'auto' });
    if (connection !== null) await readServer(run, connection, found);
  } catch (error) {
    run.fail(error);
  } finally {
    run.endListing();
  }
  // The server is told to end now; the report is built while it exits, and its exit is awaited
  // before the report is handed back. What it writes to stderr after this point is not read.
  const closing = connection?.close() ?? run.stdio?.close();
  run.stopServer();
  const report = withDeclared(await reportOf(run, found, await oauth, await tokenizer), await declared, {
    skills: found.skills,
    resolutions: found.resolutions,
  });
  options.onReport?.(report);
  await closing;
  await run.ended();
  return report;
}

/** Initialized: the server's facts, the era, then every list. */
async function readServer(run: AuditContext, live: Connection, found: Found): Promise<void> {
  const choice: ProtocolChoice = run.options.protocol ?? { mode: 'auto' };
  const server = serverFacts(live.observed.initialize, live);
  found.server = server;
  found.protocol = protocolFactsOf(live, choice);
  found.otherEra = otherEraOf(run, live);
  run.options.onProgress?.({ type: 'progress', step: 'initialized', server });
  // What it started before answering is read now: a server that crashes at its first list leaves
  // orphans that are no longer its descendants (an escapee in its own session included).
  run.stdio?.rememberDescendants();
  await listEverything(run, live, server.capabilities, found.listing);
  found.appReads = await readAppResources(run, live, server.capabilities, found.listing);
  if (declaresSkills(server.capabilities)) {
    run.clock.step = 'skills/list';
    found.skills = await readSkills(live, {
      signal: run.clock.signal,
      timeoutMs: run.options.requestTimeoutMs ?? 15_000,
    }).catch(() => null);
  }
  const tasksOverHttp = live.kind === 'streamable-http' && live.era === 'modern';
  if (run.spec.transport !== 'stdio' && tasksOverHttp && servesTasksExtension(server.capabilities)) {
    run.clock.step = 'tasks/get (Mcp-Name)';
    found.taskHeaders = await probeTaskHeaders(run.spec.url, {
      headers: run.spec.headers,
      version: live.version,
      clientVersion: GENERATOR.version,
      signal: run.clock.signal,
      ...(run.options.fetch === undefined ? {} : { fetch: run.options.fetch }),
    });
  }
  if (run.spec.transport !== 'stdio') {
    run.clock.step = 'tools/resolve';
    found.resolutions = await resolveHosted(live, found.listing.pages, {
      signal: run.clock.signal,
      timeoutMs: run.options.requestTimeoutMs ?? 15_000,
    }).catch(() => []);
  }
}

/** For a URL, the unauthenticated OAuth check beside the listing (its section is part of the Report). */
function oauthCheck(run: AuditContext): Promise<OAuthReport | null> {
  const { spec, options, clock } = run;
  if (options.includeOAuth === false || spec.transport === 'stdio') return Promise.resolve(null);
  // Loaded only for URLs: the OAuth check brings the public-suffix list and the guarded fetch.
  return import('../mcp/oauth-discovery')
    .then(({ checkOAuth }) =>
      checkOAuth(spec.url, { timeoutMs: Math.min(10_000, clock.timeoutMs), signal: clock.signal }),
    )
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
    );
}

/** server.json (given), the hosted server's card, the installed package (lib/server/declared/). */
function declaredCheck(run: AuditContext): Promise<DeclaredFound> {
  const { spec, options, clock } = run;
  const lookUp = options.includeDeclared ?? options.includeOAuth ?? true;
  if (!lookUp && options.serverJson === undefined) return Promise.resolve({ declarations: [], installed: null });
  return gatherDeclared(spec, {
    ...(options.serverJson === undefined ? {} : { serverJson: options.serverJson }),
    lookUp,
    signal: clock.signal,
    timeoutMs: Math.min(5000, clock.timeoutMs),
  }).catch(() => ({ declarations: [], installed: null }));
}

async function reportOf(
  run: AuditContext,
  found: Found,
  oauth: OAuthReport | null,
  tokens: Tokenizer | null,
): Promise<Report> {
  const { spec, options, errors, warnings } = run;
  const { server, protocol, listing } = found;
  const processFacts = run.stdio === null ? null : stdioOutcome(run.stdio, errors, warnings);
  if (protocol !== null) protocol.otherEra = await found.otherEra;
  const comparison = await run.session.compare(toolNamesOf(listing.pages), (capabilities) =>
    runAudit(spec, { ...options, ...BARE_AUDIT, capabilities }),
  );
  const clientSession = run.session.finish(comparison);
  // Every server text in it was redacted where it entered, before anything cut it. A tool changed
  // after list_changed in the listening window is a finding on it (report/listing-changes.ts).
  const report = buildReport({
    generator: GENERATOR,
    generatedAt: new Date().toISOString(),
    target: run.target,
    server,
    pages: listing.pages,
    complete: listing.complete,
    durationMs: Math.round(run.clock.elapsed()),
    process: processFacts,
    oauth,
    errors,
    warnings,
    protocol,
    surface: {
      ...listing.lists,
      instructions: server?.instructions ?? null,
      toolsDeclared: declares(server?.capabilities, 'tools'),
      toolsError: listing.toolsError,
      authRequired:
        spec.transport !== 'stdio' && Object.keys(spec.headers).some((name) => name.toLowerCase() === 'authorization'),
      taskHeaders: found.taskHeaders,
    },
    context: run.context,
    ...(tokens === null ? {} : { countTokens: tokens.countTokens, encoding: TOKEN_ENCODING }),
    clientSession,
    apps: (tools, resources) => buildApps(tools, resources, found.appReads),
  });
  return withListingChanges(report, clientSession.relisted);
}
