/**
 * The Report: the one shape every consumer reads (CLI printers, API stream, dashboard table, CSV).
 * buildReport turns raw tools/list pages, exactly as the server sent them, into tool records with
 * effective annotations, flags and counts. Nothing downstream re-derives risk.
 */
import { z } from 'zod';
import { flagDefinitionSchema } from '../flags/schema';
import { FLAG_DEFINITIONS, FLAG_IDS, type FlagId } from '../flags/catalogue';
import { signInFactsSchema } from '../oauth/sign-in';
import { allFindings, isFlagId } from './findings';
import { oauthReportSchema, type OAuthReport } from '../oauth/schemas';
import { problemSchema } from '../problem-schema';
import type { Problem } from '../problems';
import { protocolFactsSchema, type ProtocolFacts } from './protocol-facts';
import { clientSessionSchema, type ClientSession } from '../capabilities/session';
import { buildSurface, surfaceSchema, type RawList } from './surface-report';
import type { RawListPage } from '../surface/raw-list';
import type { SurfaceContext } from '../surface/tool-findings';
import type { TaskHeaderProbe } from '../surface/task-name-header';
import { summarize, summarySchema } from './summary';
import { hostedTransportSchema, wireTransportSchema } from '../transport-schemas';
import { analyzeTools, type RawPage } from './tool-analysis';
import { toolReportSchema } from './tool-report';
import { exerciseFactsSchema } from '../exercise/schema';
import { declaredSectionSchema } from '../declared/section';
import { appsSectionSchema, type AppsSection } from './apps-report';
import type { ResourceReport } from './surface-report';
import type { ToolReport } from './tool-report';
import { readinessSchema } from '../readiness/profile';

/** Tool records live in tool-report.ts; re-exported so importers of the Report find them here too. */
export { toolReportSchema, type ToolReport } from './tool-report';

export const REPORT_SCHEMA_VERSION = 1;

export const targetSchema = z.discriminatedUnion('transport', [
  z.object({
    transport: z.literal('stdio'),
    command: z.string(),
    args: z.array(z.string()),
    cwd: z.string().nullable(),
    /** Names of the variables passed beyond the default allowlist. Never values. */
    envNames: z.array(z.string()),
    /** Where the server ran for the listing: the exercise's sandbox (audit --sandbox), or the host when absent. */
    listedIn: z.string().optional(),
  }),
  z.object({
    transport: hostedTransportSchema,
    /** The URL with credentials and query values redacted. */
    url: z.string(),
    headerNames: z.array(z.string()),
    envNames: z.array(z.string()),
  }),
]);
export type Target = z.infer<typeof targetSchema>;

export const serverFactsSchema = z.object({
  name: z.string().nullable(),
  version: z.string().nullable(),
  title: z.string().nullable(),
  protocolVersion: z.string().nullable(),
  transport: wireTransportSchema,
  capabilities: z.unknown(),
  instructions: z.string().nullable(),
});
export type ServerFacts = z.infer<typeof serverFactsSchema>;

export const processFactsSchema = z.object({
  pid: z.number().int().nullable(),
  exitCode: z.number().int().nullable(),
  signal: z.string().nullable(),
  /** The last bytes the server wrote to stderr (bounded). */
  stderrTail: z.string(),
  stderrBytes: z.number().int(),
});
export type ProcessFacts = z.infer<typeof processFactsSchema>;

const countSchema = z.number().int();

export const reportSchema = z.object({
  schemaVersion: z.literal(REPORT_SCHEMA_VERSION),
  generator: z.object({ name: z.string(), version: z.string() }),
  generatedAt: z.string(),
  target: targetSchema,
  server: serverFactsSchema.nullable(),
  /** tools/list pages read. */
  pages: countSchema,
  /** True when the listing ended with a page without nextCursor. */
  complete: z.boolean(),
  /** UTF-8 bytes of the tools/list results, all pages. */
  toolsListBytes: countSchema,
  durationMs: z.number(),
  summary: summarySchema,
  tools: z.array(toolReportSchema),
  /** Explanations of the flags that occur in this report. */
  flagDefinitions: z.partialRecord(z.enum(FLAG_IDS), flagDefinitionSchema),
  process: processFactsSchema.nullable(),
  /** The unauthenticated OAuth metadata check of a hosted server (audit --url), or null. */
  oauth: oauthReportSchema.nullable(),
  /** Present when the audit ran signed in (--login, or the dashboard's sign-in): never a token. */
  signIn: signInFactsSchema.optional(),
  errors: z.array(problemSchema),
  warnings: z.array(problemSchema),
  /** Which protocol era and revision were spoken, and how they were chosen. */
  protocol: protocolFactsSchema.nullable().optional(),
  /** Prompts, resources, templates, instructions, list status, server findings and context cost. */
  surface: surfaceSchema.optional(),
  /** The capabilities declared, the server's requests and how they were answered, list_changed (capabilities/session.ts). */
  clientSession: clientSessionSchema.optional(),
  /** The sandboxed exercise (audit --exercise); each tool's behaviour is on the tool. */
  exercise: exerciseFactsSchema.optional(),
  /** server.json, server card, skills and tools/resolve checked against the live server (lib/core/declared/). */
  declared: declaredSectionSchema.optional(),
  /** MCP Apps: each UI resource, its tools, CSP, permissions and the HTML as read (apps-report.ts). */
  apps: appsSectionSchema.optional(),
  /** A directory's readiness verdict, when asked for (audit --profile, lib/core/readiness/); never saved. */
  readiness: readinessSchema.optional(),
});
export type Report = z.infer<typeof reportSchema>;

export type { RawPage } from './tool-analysis';

/** The other lists and the facts their findings need; absent: the Report has no surface section. */
export interface SurfaceReportInput {
  prompts: RawList;
  resources: RawList;
  resourceTemplates: RawList;
  instructions: string | null;
  /** Whether tools/list was declared, and why it failed (null when it did not). */
  toolsDeclared: boolean;
  toolsError: string | null;
  authRequired: boolean;
  /** The Mcp-Name probe of task requests (lib/core/surface/task-name-header.ts); absent: not probed. */
  taskHeaders?: TaskHeaderProbe | null;
}

export interface ReportInput {
  generator: { name: string; version: string };
  generatedAt: string;
  target: Target;
  server: ServerFacts | null;
  pages: readonly RawPage[];
  complete: boolean;
  durationMs: number;
  process: ProcessFacts | null;
  oauth?: OAuthReport | null;
  errors: readonly Problem[];
  warnings: readonly Problem[];
  protocol?: ProtocolFacts | null;
  surface?: SurfaceReportInput;
  /** Where the server lives (icon-domain check). */
  context?: SurfaceContext;
  /** Token estimator; absent: token figures are null. Passed in so lib/core never loads a tokenizer itself. */
  countTokens?: (text: string) => number;
  /** The tokenizer's encoding name, shown with every figure. */
  encoding?: string;
  clientSession?: ClientSession;
  /**
   * The MCP Apps section from the tools and resources (apps-build.ts with the UI resources read);
   * passed in so the dashboard's bundle never loads the extension's JSON schema. Absent: no section.
   */
  apps?: (tools: readonly ToolReport[], resources: readonly ResourceReport[]) => AppsSection | undefined;
}

export function buildReport(input: ReportInput): Report {
  const warnings: Problem[] = [...input.warnings];
  const analyzed = analyzeTools(input.pages, {
    context: input.context ?? {},
    withCost: input.surface !== undefined,
    countTokens: input.countTokens,
  });
  warnings.push(...analyzed.warnings);
  const tools = analyzed.tools;

  const surfaceInput = input.surface;
  const surface =
    surfaceInput === undefined
      ? undefined
      : buildSurface(
          {
            tools: {
              declared: surfaceInput.toolsDeclared,
              pages: input.pages.map((page): RawListPage => ({ ...page, items: page.tools })),
              complete: input.complete,
              error: surfaceInput.toolsError,
            },
            prompts: surfaceInput.prompts,
            resources: surfaceInput.resources,
            resourceTemplates: surfaceInput.resourceTemplates,
            instructions: surfaceInput.instructions,
            toolCosts: tools.map((tool) => tool.cost ?? { bytes: tool.bytes, tokens: null }),
            era: input.protocol?.era ?? null,
            authRequired: surfaceInput.authRequired,
            taskHeaders: surfaceInput.taskHeaders ?? null,
            context: input.context ?? {},
            countTokens: input.countTokens,
            encoding: input.encoding ?? 'none',
          },
          (message) =>
            warnings.push({
              code: 'entry-not-object',
              message,
              hint: 'A client cannot use an entry that is not an object. Report it to the server authors.',
            }),
        );
  const apps = input.apps?.(tools, surface?.resources ?? []);
  // The explanations of the flags that occur (OAuth findings carry their own explanation).
  const flagDefinitions: Partial<Record<FlagId, (typeof FLAG_DEFINITIONS)[FlagId]>> = {};
  for (const { id } of allFindings({ tools, surface, ...(apps === undefined ? {} : { apps }) }))
    if (isFlagId(id)) flagDefinitions[id] = FLAG_DEFINITIONS[id];

  return {
    schemaVersion: REPORT_SCHEMA_VERSION,
    generator: input.generator,
    generatedAt: input.generatedAt,
    target: input.target,
    server: input.server,
    pages: input.pages.length,
    complete: input.complete,
    toolsListBytes: input.pages.reduce((sum, page) => sum + page.bytes, 0),
    durationMs: input.durationMs,
    summary: summarize(tools),
    tools,
    flagDefinitions,
    process: input.process,
    oauth: input.oauth ?? null,
    errors: [...input.errors],
    warnings,
    ...(input.protocol === undefined ? {} : { protocol: input.protocol }),
    ...(surface === undefined ? {} : { surface }),
    ...(input.clientSession === undefined ? {} : { clientSession: input.clientSession }),
    ...(apps === undefined ? {} : { apps }),
  };
}

/**
 * What an audit produced: `failed` when it stopped with an error before a single tools/list page
 * was read (nothing to report on: no counts, no table, no export), `partial` when it stopped later
 * (the pages read are real), `complete` otherwise.
 */
export function auditOutcome(report: Pick<Report, 'errors' | 'pages'>): 'failed' | 'partial' | 'complete' {
  if (report.errors.length === 0) return 'complete';
  return report.pages === 0 ? 'failed' : 'partial';
}
