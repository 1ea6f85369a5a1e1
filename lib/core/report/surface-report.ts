/**
 * The rest of a server's surface, beside its tools: prompts, resources, resource templates and
 * instructions, each item raw and with its findings and context cost, plus how each list went and
 * the server-wide findings (list cache fields, host limits). Only lists the server's capabilities
 * declare are read. Spec: MCP Server features: Prompts, Resources; Lifecycle: instructions.
 */
import { z } from 'zod';
import { describeValue } from '../annotations';
import { flagSchema } from '../flags/schema';
import type { Flag } from '../flags/catalogue';
import { severityRank } from '../severity';
import type { ProtocolEra } from '../protocol';
import { addCostRecords, costOf, costSchema, type CostRecord } from './cost';
import { raised } from '../finding';
import { ACTIVE_CONTENT_DEFINITION, activeContentKind } from '../surface/active-content';
import { MALFORMED_ITEM_DEFINITION } from '../surface/malformed-item';
import { servesCredentialsFindings } from '../surface/serves-credentials';
import { templatePathFindings } from '../surface/template-path';
import { hostLimitFindings } from '../surface/host-limits';
import { listCacheFindings } from '../surface/list-cache';
import { taskNameHeaderFindings, type TaskHeaderProbe } from '../surface/task-name-header';
import type { RawListPage } from '../surface/raw-list';
import { textFindings } from '../surface/text-checks';
import { unlistedToolFindings } from '../surface/unlisted-tool';
import { surfaceTexts } from '../surface/surface-texts';
import { iconAndMetaFindings, type SurfaceContext } from '../surface/tool-findings';
import { isRecord } from '../is-record';
import { poisoningFindings } from '../poisoning/findings';
import { stringValues } from '../poisoning/string-values';

const itemBase = {
  /** Position across all pages, from 0. */
  index: z.number().int(),
  page: z.number().int(),
  name: z.string(),
  title: z.string().nullable(),
  description: z.string().nullable(),
  displayName: z.string(),
  flags: z.array(flagSchema),
  cost: costSchema,
  /** The item exactly as sent. */
  raw: z.unknown(),
};

export const promptReportSchema = z.object({
  ...itemBase,
  /** Argument names as sent (non-objects and nameless entries skipped). */
  argumentNames: z.array(z.string()),
});
export type PromptReport = z.infer<typeof promptReportSchema>;

export const resourceReportSchema = z.object({
  ...itemBase,
  uri: z.string(),
  mimeType: z.string().nullable(),
  size: z.number().nullable(),
  activeContent: z.enum(['mcp-app', 'html']).nullable(),
});
export type ResourceReport = z.infer<typeof resourceReportSchema>;

export const templateReportSchema = z.object({
  ...itemBase,
  uriTemplate: z.string(),
  mimeType: z.string().nullable(),
  activeContent: z.enum(['mcp-app', 'html']).nullable(),
});
export type TemplateReport = z.infer<typeof templateReportSchema>;

export const instructionsReportSchema = z.object({ text: z.string(), cost: costSchema, flags: z.array(flagSchema) });

export const LIST_NAMES = ['tools', 'prompts', 'resources', 'resourceTemplates'] as const;
export type ListName = (typeof LIST_NAMES)[number];

export const listStatusSchema = z.object({
  /** The server's capabilities declare this list. */
  declared: z.boolean(),
  pages: z.number().int(),
  items: z.number().int(),
  bytes: z.number().int(),
  complete: z.boolean(),
  /** Why the list failed or stopped, or null. */
  error: z.string().nullable(),
});
export type ListStatus = z.infer<typeof listStatusSchema>;

export const serverFindingSchema = flagSchema.extend({
  /** What it is about: "prompts/list", "server", ... */
  subject: z.string(),
});
export type ServerFinding = z.infer<typeof serverFindingSchema>;

export const surfaceCostSchema = z.object({
  encoding: z.string(),
  tools: costSchema,
  prompts: costSchema,
  resources: costSchema,
  resourceTemplates: costSchema,
  instructions: costSchema,
  /** What a host sends before the first message: the tool list and the instructions. */
  sessionStart: costSchema,
});

export const surfaceSchema = z.object({
  prompts: z.array(promptReportSchema),
  resources: z.array(resourceReportSchema),
  resourceTemplates: z.array(templateReportSchema),
  instructions: instructionsReportSchema.nullable(),
  lists: z.object({
    tools: listStatusSchema,
    prompts: listStatusSchema,
    resources: listStatusSchema,
    resourceTemplates: listStatusSchema,
  }),
  findings: z.array(serverFindingSchema),
  cost: surfaceCostSchema,
});
export type Surface = z.infer<typeof surfaceSchema>;

/** One list as read: whether declared, its pages, and why it stopped (null when it ended well). */
export interface RawList {
  declared: boolean;
  pages: readonly RawListPage[];
  complete: boolean;
  error: string | null;
}

export interface SurfaceInput {
  tools: RawList;
  prompts: RawList;
  resources: RawList;
  resourceTemplates: RawList;
  instructions: string | null;
  /** The tool costs, computed with the tools. */
  toolCosts: readonly CostRecord[];
  era: ProtocolEra | null;
  authRequired: boolean;
  context: SurfaceContext;
  /** Token estimator (o200k_base); absent: tokens are null. */
  countTokens?: ((text: string) => number) | undefined;
  encoding: string;
  /** The Mcp-Name probe of task requests (Streamable HTTP, 2026-07-28, the tasks extension); absent: not probed. */
  taskHeaders?: TaskHeaderProbe | null;
}

const str = (value: unknown): string | null => (typeof value === 'string' ? value : null);

const sortFlags = (flags: Flag[]): Flag[] => flags.sort((a, b) => severityRank(a.severity) - severityRank(b.severity));

interface Entry {
  raw: Record<string, unknown>;
  page: number;
}

/** Object entries of a list; each other entry is reported through `skip` and left out. */
function entriesOf(list: RawList, label: string, skip: (message: string) => void): Entry[] {
  const entries: Entry[] = [];
  list.pages.forEach((page, pageIndex) => {
    page.items.forEach((item, position) => {
      if (isRecord(item)) entries.push({ raw: item, page: pageIndex + 1 });
      else
        skip(
          `${label}[${position}] on page ${pageIndex + 1} is ${describeValue(item)}, not an object; it was skipped.`,
        );
    });
  });
  return entries;
}

/** A prompt's arguments' descriptions, each with its field. */
function argumentTexts(raw: Record<string, unknown>): { field: string; text: string }[] {
  return Array.isArray(raw.arguments)
    ? raw.arguments.flatMap((arg, i) =>
        isRecord(arg) ? [{ field: `arguments[${i}].description`, text: str(arg.description) ?? '' }] : [],
      )
    : [];
}

function itemFlags(raw: Record<string, unknown>, required: readonly string[], context: SurfaceContext): Flag[] {
  const texts = [
    { field: 'name', text: str(raw.name) ?? '' },
    { field: 'title', text: str(raw.title) ?? '' },
    { field: 'description', text: str(raw.description) ?? '' },
  ];
  const flags: Flag[] = [...textFindings(texts), ...iconAndMetaFindings(raw, context)];
  // Prompt injection in what the model reads of the item: its texts, its arguments' descriptions, _meta.
  const argumentNames = Array.isArray(raw.arguments)
    ? raw.arguments.flatMap((arg) => (isRecord(arg) && typeof arg.name === 'string' ? [arg.name] : []))
    : [];
  flags.push(
    ...poisoningFindings([...texts, ...argumentTexts(raw), ...stringValues(raw._meta, '_meta')], argumentNames),
  );
  const missing = required.filter((key) => typeof raw[key] !== 'string' || raw[key] === '');
  if (missing.length > 0) {
    flags.push(raised(MALFORMED_ITEM_DEFINITION, `Missing or not a string: ${missing.join(', ')}.`));
  }
  return flags;
}

function base(entry: Entry, index: number, input: SurfaceInput, required: readonly string[]) {
  const { raw } = entry;
  const name = str(raw.name) ?? '';
  const title = str(raw.title);
  return {
    index,
    page: entry.page,
    name,
    title,
    description: str(raw.description),
    displayName: title ?? (name === '' ? (str(raw.uri) ?? str(raw.uriTemplate) ?? '') : name),
    flags: itemFlags(raw, required, input.context),
    cost: costOf(raw, input.countTokens),
    raw,
  };
}

function promptReport(entry: Entry, index: number, input: SurfaceInput): PromptReport {
  const item = base(entry, index, input, ['name']);
  const args = entry.raw.arguments;
  if (args !== undefined && !Array.isArray(args)) {
    item.flags.push(raised(MALFORMED_ITEM_DEFINITION, `arguments is ${describeValue(args)}, not an array.`));
  }
  const argumentNames = Array.isArray(args)
    ? args.flatMap((arg) => (isRecord(arg) && typeof arg.name === 'string' ? [arg.name] : []))
    : [];
  item.flags.push(...textFindings(argumentTexts(entry.raw)));
  return { ...item, flags: sortFlags(item.flags), argumentNames };
}

/** A resource's or template's own words (serves-credentials reads them with its URI). */
const ownTexts = (raw: Record<string, unknown>): { field: string; text: string }[] =>
  (['name', 'title', 'description'] as const).map((field) => ({ field, text: str(raw[field]) ?? '' }));

function resourceReport(entry: Entry, index: number, input: SurfaceInput): ResourceReport {
  const item = base(entry, index, input, ['uri', 'name']);
  const uri = str(entry.raw.uri) ?? '';
  item.flags.push(...servesCredentialsFindings(ownTexts(entry.raw), uri));
  const mimeType = str(entry.raw.mimeType);
  const activeContent = activeContentKind(entry.raw.uri, entry.raw.mimeType);
  if (activeContent !== null) {
    item.flags.push(
      raised(
        ACTIVE_CONTENT_DEFINITION,
        activeContent === 'mcp-app'
          ? 'An MCP App UI resource: hosts render its HTML and script.'
          : 'HTML: hosts may render it or pass the markup to the model.',
      ),
    );
  }
  return {
    ...item,
    flags: sortFlags(item.flags),
    uri,
    mimeType,
    size: typeof entry.raw.size === 'number' ? entry.raw.size : null,
    activeContent,
  };
}

function templateReport(entry: Entry, index: number, input: SurfaceInput): TemplateReport {
  const item = base(entry, index, input, ['uriTemplate', 'name']);
  item.flags.push(...servesCredentialsFindings(ownTexts(entry.raw), str(entry.raw.uriTemplate) ?? ''));
  item.flags.push(...templatePathFindings(str(entry.raw.uriTemplate) ?? '', ownTexts(entry.raw)));
  const activeContent = activeContentKind(entry.raw.uriTemplate, entry.raw.mimeType);
  if (activeContent !== null) {
    item.flags.push(
      raised(ACTIVE_CONTENT_DEFINITION, 'Resources from this template are active content (HTML or an MCP App).'),
    );
  }
  return {
    ...item,
    flags: sortFlags(item.flags),
    uriTemplate: str(entry.raw.uriTemplate) ?? '',
    mimeType: str(entry.raw.mimeType),
    activeContent,
  };
}

/**
 * The server-level findings: list caching (modern era), the Mcp-Name of task requests, host limits,
 * and tools named but never listed.
 */
function serverFindings(
  input: SurfaceInput,
  toolCount: number,
  sessionStart: CostRecord,
  promptEntries: readonly Entry[],
  resourceEntries: readonly Entry[],
): ServerFinding[] {
  const findings: ServerFinding[] = [];
  if (input.era === 'modern') {
    const lists: [string, RawList][] = [
      ['tools/list', input.tools],
      ['prompts/list', input.prompts],
      ['resources/list', input.resources],
      ['resources/templates/list', input.resourceTemplates],
    ];
    for (const [method, list] of lists) {
      for (const finding of listCacheFindings(method, list.pages, input.authRequired))
        findings.push({ ...finding, subject: method });
    }
  }
  for (const finding of taskNameHeaderFindings(input.taskHeaders ?? null))
    findings.push({ ...finding, subject: 'tasks/get' });
  for (const finding of hostLimitFindings(toolCount, sessionStart.tokens))
    findings.push({ ...finding, subject: 'server' });
  const texts = surfaceTexts(input.tools, promptEntries, resourceEntries, input.instructions);
  for (const { id, severity, message, subject } of unlistedToolFindings(texts.texts, texts.toolNames, texts.otherNames))
    findings.push({ id, severity, message, subject });
  return findings.sort((a, b) => severityRank(a.severity) - severityRank(b.severity));
}

/** Builds the surface from raw lists. `skip` receives a message for each non-object item left out. */
export function buildSurface(input: SurfaceInput, skip: (message: string) => void = () => undefined): Surface {
  const promptEntries = entriesOf(input.prompts, 'prompts', skip);
  const resourceEntries = entriesOf(input.resources, 'resources', skip);
  const templateEntries = entriesOf(input.resourceTemplates, 'resourceTemplates', skip);

  const prompts = promptEntries.map((entry, index) => promptReport(entry, index, input));
  const resources = resourceEntries.map((entry, index) => resourceReport(entry, index, input));
  const resourceTemplates = templateEntries.map((entry, index) => templateReport(entry, index, input));

  const instructions =
    input.instructions === null
      ? null
      : {
          text: input.instructions,
          cost: costOf(input.instructions, input.countTokens, true),
          flags: sortFlags([
            ...textFindings([{ field: 'instructions', text: input.instructions }]),
            ...poisoningFindings([{ field: 'instructions', text: input.instructions }]),
          ]),
        };

  const status = (list: RawList, items: number): ListStatus => ({
    declared: list.declared,
    pages: list.pages.length,
    items,
    bytes: list.pages.reduce((sum, page) => sum + page.bytes, 0),
    complete: list.complete,
    error: list.error,
  });
  const toolCount = input.tools.pages.reduce((sum, page) => sum + page.items.length, 0);

  const toolsCost = addCostRecords(input.toolCosts);
  const instructionsCost = instructions?.cost ?? { bytes: 0, tokens: input.countTokens === undefined ? null : 0 };
  const sessionStart = addCostRecords([toolsCost, instructionsCost]);

  return {
    prompts,
    resources,
    resourceTemplates,
    instructions,
    lists: {
      tools: status(input.tools, toolCount),
      prompts: status(input.prompts, prompts.length),
      resources: status(input.resources, resources.length),
      resourceTemplates: status(input.resourceTemplates, resourceTemplates.length),
    },
    findings: serverFindings(input, toolCount, sessionStart, promptEntries, resourceEntries),
    cost: {
      encoding: input.encoding,
      tools: toolsCost,
      prompts: addCostRecords(prompts.map((p) => p.cost)),
      resources: addCostRecords(resources.map((r) => r.cost)),
      resourceTemplates: addCostRecords(resourceTemplates.map((t) => t.cost)),
      instructions: instructionsCost,
      sessionStart,
    },
  };
}
