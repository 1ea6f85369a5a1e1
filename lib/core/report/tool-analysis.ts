/**
 * The listed tools, analysed: each raw entry of the tools/list pages becomes a ToolReport (annotations
 * normalised against the spec defaults, flags raised, risk assessed and ranked, cost), and an entry
 * that is not an object becomes a warning. buildReport (report.ts) composes the Report around it.
 */
import {
  analyzeAnnotations,
  describeValue,
  isAdditiveWrite,
  isDestructive,
  isOpenWorld,
  isReadOnly,
  toolClass,
} from '../annotations';
import { utf8Length } from '../bytes';
import { flagsForTool, mentionedIn } from '../flags/catalogue';
import { inferEffect } from '../signals/inferred-effect';
import type { Problem } from '../problems';
import { assessRisk, rankTools } from './risk';
import { costOf } from './cost';
import { schemaTexts } from '../surface/schema-texts';
import type { SurfaceContext } from '../surface/tool-findings';
import type { ToolReport } from './tool-report';
import { isRecord } from '../is-record';

export interface RawPage {
  /** The `tools` array of one tools/list result, untouched. */
  tools: readonly unknown[];
  /** UTF-8 bytes of that result. */
  bytes: number;
  /** The current era's cache fields, as sent. */
  ttlMs?: unknown;
  cacheScope?: unknown;
}

export interface ToolAnalysisOptions {
  /** Where the server lives (icon-domain check). */
  context: SurfaceContext;
  /** Whether each tool carries its cost (a Report with a surface section). */
  withCost: boolean;
  /** Token estimator; absent: token figures are null. */
  countTokens?: ((text: string) => number) | undefined;
}

export interface AnalyzedTools {
  /** In the order listed, each with its risk rank. */
  tools: ToolReport[];
  /** Entries that are not tool objects, skipped. */
  warnings: Problem[];
}

/** A string field as sent, or null when it is anything else. */
export const stringOrNull = (value: unknown): string | null => (typeof value === 'string' ? value : null);

interface Entry {
  raw: Record<string, unknown>;
  page: number;
}

/** The tool objects in listing order, and a warning for each entry that is not one. */
function collectEntries(pages: readonly RawPage[]): { entries: Entry[]; warnings: Problem[] } {
  const warnings: Problem[] = [];
  const entries: Entry[] = [];
  pages.forEach((page, pageIndex) => {
    page.tools.forEach((raw, position) => {
      if (isRecord(raw)) {
        entries.push({ raw, page: pageIndex + 1 });
      } else {
        warnings.push({
          code: 'entry-not-object',
          message: `tools[${position}] on page ${pageIndex + 1} is ${describeValue(raw)}, not a tool object; it was skipped.`,
          hint: 'A client cannot call an entry that is not a tool object. Report it to the server authors.',
        });
      }
    });
  });
  return { entries, warnings };
}

/** What one tool's analysis needs to know of the whole listing. */
interface Listing {
  nameCounts: ReadonlyMap<string, number>;
  allNames: readonly string[];
  /** The names of the tools that are not read-only. */
  writes: ReadonlySet<string>;
  options: ToolAnalysisOptions;
}

/** One tool, unranked (rank 0). */
function analyzeEntry(
  { raw, page }: Entry,
  index: number,
  analysis: ReturnType<typeof analyzeAnnotations>,
  listing: Listing,
): ToolReport {
  const { nameCounts, allNames, writes, options } = listing;
  const name = stringOrNull(raw.name) ?? '';
  const title = stringOrNull(raw.title);
  const description = stringOrNull(raw.description);
  const texts = [
    { field: 'name', text: name },
    { field: 'title', text: title ?? '' },
    { field: 'annotations.title', text: analysis.title ?? '' },
    { field: 'description', text: description ?? '' },
  ];
  const mentioned = mentionedIn({ name: raw.name, texts, allNames });
  const flags = flagsForTool({
    name: raw.name,
    analysis,
    inputSchema: raw.inputSchema,
    nameCount: typeof raw.name === 'string' ? (nameCounts.get(raw.name) ?? 1) : 1,
    texts,
    // What the agent reads about each argument and result field: hidden characters and size.
    schemaTexts: [...schemaTexts(raw.inputSchema, 'inputSchema'), ...schemaTexts(raw.outputSchema, 'outputSchema')],
    raw,
    context: options.context,
    allNames,
    mentioned,
  });
  const { effective } = analysis;
  const risk = assessRisk(
    toolClass(effective),
    flags,
    mentioned.some((other) => writes.has(other)),
    inferEffect(name, description, effective),
    name,
  );
  const tool: ToolReport = {
    index,
    page,
    name,
    displayName: title ?? analysis.title ?? name,
    title,
    description,
    effective,
    annotationState: analysis.state,
    class: toolClass(effective),
    readOnly: isReadOnly(effective),
    destructive: isDestructive(effective),
    openWorld: isOpenWorld(effective),
    additiveWrite: isAdditiveWrite(effective),
    flags,
    riskScore: risk.score,
    risk: { ...risk, rank: 0 },
    inputSchema: raw.inputSchema,
    bytes: utf8Length(JSON.stringify(raw)),
  };
  if ('annotations' in raw) tool.annotations = raw.annotations;
  if ('outputSchema' in raw) tool.outputSchema = raw.outputSchema;
  if ('icons' in raw) tool.icons = raw.icons;
  if ('_meta' in raw) tool._meta = raw._meta;
  if ('execution' in raw) tool.execution = raw.execution;
  if (options.withCost) {
    tool.cost =
      options.countTokens === undefined ? { bytes: tool.bytes, tokens: null } : costOf(raw, options.countTokens);
  }
  return tool;
}

export function analyzeTools(pages: readonly RawPage[], options: ToolAnalysisOptions): AnalyzedTools {
  const { entries, warnings } = collectEntries(pages);
  const nameCounts = new Map<string, number>();
  for (const { raw } of entries) {
    if (typeof raw.name === 'string') nameCounts.set(raw.name, (nameCounts.get(raw.name) ?? 0) + 1);
  }

  const allNames = [...nameCounts.keys()];
  // Each tool's annotations first: the risk of a tool that names others depends on what they are.
  const analyses = entries.map(({ raw }) => analyzeAnnotations(raw.annotations));
  const writes = new Set<string>();
  entries.forEach(({ raw }, index) => {
    const analysis = analyses[index];
    if (typeof raw.name === 'string' && analysis !== undefined && toolClass(analysis.effective) !== 'read-only')
      writes.add(raw.name);
  });
  const listing: Listing = { nameCounts, allNames, writes, options };
  const unranked = entries.map((entry, index) =>
    analyzeEntry(entry, index, analyses[index] ?? analyzeAnnotations(entry.raw.annotations), listing),
  );
  const ranks = rankTools(unranked);
  // Each tool and its risk were made above for this listing alone: the rank is written in place.
  for (const tool of unranked) tool.risk.rank = ranks.get(tool.index) ?? 0;

  return { tools: unranked, warnings };
}
