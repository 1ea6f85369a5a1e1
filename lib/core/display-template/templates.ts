/**
 * Display templates (`io.modelcontextprotocol/display-templates`, experimental, Tool Annotations IG,
 * modelcontextprotocol/experimental-ext-tool-annotations specification/draft/display-templates.mdx):
 * a one-line `template` with `{argument}` placeholders on a tool's `_meta`, or one per `oneOf`/`anyOf`
 * branch of its inputSchema under `io.modelcontextprotocol/display-template`, that hosts show people
 * around a call. The draft publishes no JSON schema; its text defines the shape checked here (an object
 * with a string `template`; a string on a branch). Rendering follows the draft's normative rules and
 * its reference renderer: `{name}` from top-level arguments, a missing or non-scalar value shows `...`,
 * `{{` and `}}` are literal braces.
 */
import { z } from 'zod';
import { isRecord } from '../is-record';

export const DISPLAY_TEMPLATES_KEY = 'io.modelcontextprotocol/display-templates';
export const BRANCH_TEMPLATE_KEY = 'io.modelcontextprotocol/display-template';

/** The tool-level `_meta` value, as the draft's text defines it. */
export const toolTemplateMetaSchema = z.object({ template: z.string().optional() }).loose();

export interface DisplayTemplate {
  /** "tool" for the tool-level template, else the branch ("oneOf[1] move"). */
  where: string;
  template: string;
  /** The properties a placeholder may name: the branch's and the root's. */
  properties: string[];
  /** Required arguments: the branch's and the root's. */
  required: string[];
  /** Properties the branch pins with `const` (a discriminator: the template's choice shows it). */
  pinned: string[];
}

export interface DisplayTemplates {
  templates: DisplayTemplate[];
  /** Where the shape breaks the draft (not an object, template not a string). */
  problems: string[];
}

const PLACEHOLDER = /\{(\w+)\}/g;
const unescaped = (template: string): string => template.replaceAll('{{', '\u0000').replaceAll('}}', '\u0001');

/** The argument names a template renders (escaped braces excluded), in order, once each. */
export function placeholdersOf(template: string): string[] {
  return [...new Set([...unescaped(template).matchAll(PLACEHOLDER)].map((found) => found[1] ?? ''))];
}

/** The line a host shows for a call with these arguments (the draft's substitution). */
export function renderTemplate(template: string, args: Readonly<Record<string, unknown>>): string {
  const out = unescaped(template).replace(PLACEHOLDER, (_whole, name: string) => {
    const value = args[name];
    return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' ? String(value) : '...';
  });
  return out.replaceAll('\u0000', '{').replaceAll('\u0001', '}').replace(/\s+/g, ' ').trim();
}

const keysOf = (schema: unknown): string[] =>
  isRecord(schema) && isRecord(schema.properties) ? Object.keys(schema.properties) : [];
const requiredOf = (schema: unknown): string[] =>
  isRecord(schema) && Array.isArray(schema.required)
    ? schema.required.filter((name): name is string => typeof name === 'string')
    : [];
const pinnedOf = (schema: unknown): string[] =>
  isRecord(schema) && isRecord(schema.properties)
    ? Object.entries(schema.properties).flatMap(([name, property]) =>
        isRecord(property) && ('const' in property || (Array.isArray(property.enum) && property.enum.length === 1))
          ? [name]
          : [],
      )
    : [];

/** Every display template of a raw tool (tool-level first, then each branch), and the shape problems. */
export function displayTemplatesOf(raw: Readonly<Record<string, unknown>>): DisplayTemplates {
  const templates: DisplayTemplate[] = [];
  const problems: string[] = [];
  const schema = raw.inputSchema;
  const rootProperties = keysOf(schema);
  const rootRequired = requiredOf(schema);
  const meta = isRecord(raw._meta) ? raw._meta[DISPLAY_TEMPLATES_KEY] : undefined;
  if (meta !== undefined) {
    const parsed = toolTemplateMetaSchema.safeParse(meta);
    if (!parsed.success) problems.push(`_meta["${DISPLAY_TEMPLATES_KEY}"] is not an object with a string template`);
    else if (parsed.data.template !== undefined)
      templates.push({
        where: 'tool',
        template: parsed.data.template,
        properties: rootProperties,
        required: rootRequired,
        pinned: [],
      });
  }
  for (const combinator of ['oneOf', 'anyOf'] as const) {
    const branches = isRecord(schema) ? schema[combinator] : undefined;
    if (!Array.isArray(branches)) continue;
    branches.forEach((branch: unknown, index) => {
      if (!isRecord(branch) || branch[BRANCH_TEMPLATE_KEY] === undefined) return;
      const template = branch[BRANCH_TEMPLATE_KEY];
      const where = `${combinator}[${index}]${typeof branch.title === 'string' ? ` ${branch.title}` : ''}`;
      if (typeof template !== 'string') {
        problems.push(`${where}: "${BRANCH_TEMPLATE_KEY}" is not a string`);
        return;
      }
      templates.push({
        where,
        template,
        properties: [...new Set([...rootProperties, ...keysOf(branch)])],
        required: [...new Set([...rootRequired, ...requiredOf(branch)])],
        pinned: pinnedOf(branch),
      });
    });
  }
  return { templates, problems };
}
