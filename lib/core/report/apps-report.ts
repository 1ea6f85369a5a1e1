/**
 * The MCP Apps section of a Report (SEP-1865): each UI resource with the tools that show it and their
 * visibility, its CSP domains, permissions and domain (its `_meta.ui`), the HTML as read (kept as text,
 * never run; shown escaped) with what its source loads and where it sends data, and its findings
 * (lib/core/apps/). Absent when no tool points at a UI and no listed resource is an MCP App. Built by
 * apps-build.ts, which lib/server hands to buildReport (it reads the extension's JSON schema, kept out
 * of the dashboard's bundle).
 */
import { z } from 'zod';
import { flagSchema } from '../flags/schema';
import { CSP_FIELDS, PERMISSIONS, VISIBILITIES } from '../apps/vocabulary';

const strings = z.array(z.string());

export const htmlScanSchema = z.object({
  scripts: strings,
  inlineScripts: z.number().int(),
  frames: strings,
  connects: z.array(
    z.object({ kind: z.enum(['fetch', 'xhr', 'websocket', 'eventsource', 'beacon']), url: z.string() }),
  ),
  forms: z.array(z.object({ action: z.string(), method: z.string() })),
  handlers: strings,
  redirects: z.array(z.object({ kind: z.enum(['base', 'meta-refresh']), url: z.string() })),
  toolCalls: strings,
});

export const appResourceReportSchema = z.object({
  uri: z.string(),
  /** The tools whose _meta.ui.resourceUri names it, with who may call each. */
  tools: z.array(
    z.object({ name: z.string(), visibility: z.array(z.enum(VISIBILITIES)), visibilityDeclared: z.boolean() }),
  ),
  /** Whether resources/list carried it. */
  listed: z.boolean(),
  mimeType: z.string().nullable(),
  csp: z.object(
    Object.fromEntries(CSP_FIELDS.map((field) => [field, strings])) as Record<
      (typeof CSP_FIELDS)[number],
      typeof strings
    >,
  ),
  permissions: z.array(z.enum(PERMISSIONS)),
  domain: z.string().nullable(),
  prefersBorder: z.boolean().nullable(),
  /** Where its _meta.ui breaks the extension's published schema. */
  schemaProblems: strings,
  /** The HTML as read: text only, cut at MAX_APP_HTML characters; null when not read. */
  source: z.object({
    text: z.string().nullable(),
    length: z.number().int(),
    truncated: z.boolean(),
    error: z.string().nullable(),
  }),
  scan: htmlScanSchema.nullable(),
  flags: z.array(flagSchema),
});
export type AppResourceReport = z.infer<typeof appResourceReportSchema>;

export const appsSectionSchema = z.object({
  resources: z.array(appResourceReportSchema),
  /** Tools whose _meta.ui breaks the extension's schema (tool name, problems). */
  toolProblems: z.array(z.object({ tool: z.string(), problems: strings })),
});
export type AppsSection = z.infer<typeof appsSectionSchema>;
