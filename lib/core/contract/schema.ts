/**
 * The surface contract: what a server claimed about itself when someone approved it, pinned in a
 * versioned JSON file (docs/mcp-surface.schema.json is generated from this zod schema). `verify`
 * compares a live server against it (drift.ts).
 *
 * Two shapes are read: a full contract written by `contract write` (version 2, with prompts,
 * resources and resource templates) and a hand-written `published-surface.json` in the article's
 * style that pins only counts and a payload cap. Version 1 (tools only) was written by pre-release
 * builds only: it is refused with the advice to write the contract again.
 */
import { z } from 'zod';
import { BEHAVIOUR_STATUSES } from '../exercise/schema';
import { HINTS } from '../annotations';
import { describeIssues } from '../api/audit-request';

/** The version `contract write` produces and `verify` reads. */
export const CONTRACT_VERSION = 2;
export const CONTRACT_KIND = 'mcp-surface-contract';
/** Where the JSON Schema of a contract lives in this repository. */
export const CONTRACT_SCHEMA_PATH = 'docs/mcp-surface.schema.json';

const count = z.number().int().min(0);
const hash = z.string().regex(/^[0-9a-f]{64}$/, 'a SHA-256 in hex');

export const costSchema = z.object({
  bytes: count.describe('UTF-8 bytes of the JSON as listed'),
  tokens: count.describe('estimated tokens (o200k_base); hosts use other tokenizers'),
});

/**
 * The article's three pins plus the payload caps. Every field is optional in a hand-written file;
 * `contract write` fills the three counts.
 */
export const pinsSchema = z
  .object({
    toolCount: count.optional().describe('exact number of tools'),
    destructiveToolCount: count.optional().describe('exact number of destructive tools (spec defaults applied)'),
    openWorldToolCount: count.optional().describe('exact number of open-world tools (spec defaults applied)'),
    maxPayloadBytes: count
      .optional()
      .describe('cap on the UTF-8 bytes of all tool definitions as advertised (the tools arrays of tools/list)'),
    maxPayloadTokens: count.optional().describe('cap on the estimated tokens (o200k_base) of the same'),
  })
  .describe('Pins: counts that must match exactly, caps that must not be exceeded');
export type Pins = z.infer<typeof pinsSchema>;
export type PinName = keyof Pins;
/** Every pin and cap, in the order reports list them. */
export const PIN_NAMES = Object.keys(pinsSchema.shape) as PinName[];

const effectiveHintsSchema = z.object(
  Object.fromEntries(HINTS.map((hint) => [hint, z.boolean()])) as Record<(typeof HINTS)[number], z.ZodBoolean>,
);

/** One top-level argument of a tool, as its input schema declares it. */
export const contractArgumentSchema = z.object({
  name: z.string(),
  /** The JSON Schema type as written ("string", "integer|null"), or null when none is declared. */
  type: z.string().nullable(),
  required: z.boolean(),
  description: z.string().nullable(),
});
export type ContractArgument = z.infer<typeof contractArgumentSchema>;

export const contractToolSchema = z.object({
  name: z.string(),
  title: z.string().nullable(),
  description: z.string().nullable(),
  /** Annotations exactly as sent (any JSON), or null when the tool sent none. */
  declared: z.unknown().describe('the annotations value exactly as sent, or null when absent'),
  /** Which hints were declared as booleans; the others came from the spec defaults. */
  declaredHints: z.array(z.enum(HINTS)),
  effective: effectiveHintsSchema.describe('hint values after the spec defaults'),
  class: z.enum(['read-only', 'additive-write', 'destructive-write']),
  openWorld: z.boolean(),
  hashes: z.object({
    tool: hash.describe(
      'SHA-256 of the RFC 8785 canonical JSON of name, title, description, inputSchema, outputSchema, annotations',
    ),
    shape: hash.describe('the same without the name: equal shapes under two names are a rename'),
    inputSchema: hash,
    outputSchema: hash.nullable(),
    annotations: hash.nullable(),
  }),
  cost: costSchema,
  arguments: z
    .array(contractArgumentSchema)
    .optional()
    .describe(
      'the top-level arguments of the input schema, sorted by name (absent in contracts written before they were recorded)',
    ),
  behaviour: z
    .enum(BEHAVIOUR_STATUSES)
    .optional()
    .describe(
      'audit --exercise when the contract was written: "clean" pins "exercised: nothing contradicted the hints"',
    ),
});
export type ContractTool = z.infer<typeof contractToolSchema>;
/** A contract tool without its cost: what two listings are compared by (drift.ts). */
export type ContractToolIdentity = Omit<ContractTool, 'cost'>;

const nullableText = z.string().nullable();

export const contractPromptSchema = z.object({
  name: z.string().describe('the identity of a prompt'),
  title: nullableText,
  description: nullableText,
  arguments: z
    .array(z.object({ name: z.string(), required: z.boolean(), description: nullableText.optional() }))
    .describe('the arguments as listed (entries without a string name are left out; the hash covers them)'),
  hashes: z.object({
    prompt: hash.describe('SHA-256 of the RFC 8785 canonical JSON of the prompt exactly as listed'),
    arguments: hash.nullable().describe('the same of its arguments array, or null when it has none'),
  }),
  cost: costSchema,
});
export type ContractPrompt = z.infer<typeof contractPromptSchema>;

const activeContent = z
  .enum(['mcp-app', 'html'])
  .nullable()
  .describe('active content a host may render and run (an MCP App UI resource, or HTML), or null');

export const contractResourceSchema = z.object({
  uri: z.string().describe('the identity of a resource'),
  name: z.string(),
  title: nullableText,
  description: nullableText,
  mimeType: nullableText,
  activeContent,
  hashes: z.object({
    resource: hash.describe('SHA-256 of the RFC 8785 canonical JSON of the resource exactly as listed'),
  }),
  cost: costSchema,
});
export type ContractResource = z.infer<typeof contractResourceSchema>;

export const contractTemplateSchema = z.object({
  uriTemplate: z.string().describe('the identity of a resource template'),
  name: z.string(),
  title: nullableText,
  description: nullableText,
  mimeType: nullableText,
  activeContent,
  hashes: z.object({
    resourceTemplate: hash.describe('SHA-256 of the RFC 8785 canonical JSON of the template exactly as listed'),
  }),
  cost: costSchema,
});
export type ContractTemplate = z.infer<typeof contractTemplateSchema>;

/** One list beside the tools: whether it is declared, its items sorted by identity, and what they cost. */
function sectionSchema<Item extends z.ZodType>(item: Item, what: string) {
  return z
    .object({
      declared: z.boolean().describe(`the server's capabilities declare ${what}`),
      payload: z.object({
        total: costSchema,
        largest: costSchema.extend({ id: z.string().nullable().describe('the identity of the largest item') }),
      }),
      items: z.array(item).describe('sorted by identity (UTF-16 code units)'),
    })
    .nullable()
    .describe(`${what}: null when the audit did not record them (not compared)`);
}

/** A skill (SEP-2640) as listed: its description and every file's SHA-256 and size, or "dynamic". */
export const contractSkillSchema = z.object({
  uri: z.string().describe("the URI of the skill's SKILL.md"),
  name: z.string(),
  description: z.string(),
  files: z.union([
    z.literal('dynamic'),
    z.array(z.object({ uri: z.string(), digest: z.string().describe('sha256:<hex>, as listed'), size: count })),
  ]),
});
export type ContractSkill = z.infer<typeof contractSkillSchema>;

/** The contract: tools, counts, pins and the tool payload, prompts, resources and resource templates. */
export const contractSchema = z
  .object({
    $schema: z.string().optional(),
    kind: z.literal(CONTRACT_KIND),
    contractVersion: z.literal(CONTRACT_VERSION),
    generator: z.object({ name: z.string(), version: z.string() }),
    generatedAt: z.string(),
    server: z.object({
      name: z.string().nullable(),
      version: z.string().nullable(),
      protocolVersion: z.string().nullable(),
    }),
    counts: z.object({
      tools: count,
      readOnly: count,
      destructive: count,
      openWorld: count,
      unannotated: count,
      additiveWrites: count,
    }),
    pins: pinsSchema,
    payload: z.object({
      total: costSchema,
      largestTool: costSchema.extend({ name: z.string().nullable() }),
    }),
    toolNames: z.array(z.string()).describe('sorted by UTF-16 code units'),
    tools: z.array(contractToolSchema),
    prompts: sectionSchema(contractPromptSchema, 'prompts (prompts/list)'),
    resources: sectionSchema(contractResourceSchema, 'resources (resources/list)'),
    resourceTemplates: sectionSchema(contractTemplateSchema, 'resource templates (resources/templates/list)'),
    instructions: z
      .string()
      .nullable()
      .optional()
      .describe(
        "the server's instructions (initialize), null when it sent none; absent when not recorded (not compared)",
      ),
    skills: z
      .array(contractSkillSchema)
      .optional()
      .describe('the skills served (SEP-2640); absent when the server declares no skills (not compared)'),
  })
  .describe('An MCP server surface contract (mcp-hintcheck contract write)');
export type Contract = z.infer<typeof contractSchema>;

/** A hand-written published-surface.json: only pins, at the top level (unknown keys are ignored). */
export const publishedSurfaceSchema = pinsSchema.loose();

export type ContractFile = { kind: 'contract'; contract: Contract } | { kind: 'pins'; pins: Pins };

/** Reads a parsed JSON file as a full contract or a pins-only file; a clear message when it is neither. */
export function readContractFile(json: unknown): { ok: true; file: ContractFile } | { ok: false; message: string } {
  if (typeof json !== 'object' || json === null || Array.isArray(json)) {
    return { ok: false, message: 'The contract file must hold a JSON object.' };
  }
  if ('kind' in json || 'contractVersion' in json) {
    const version = (json as { contractVersion?: unknown }).contractVersion;
    const parsed = contractSchema.safeParse(json);
    if (!parsed.success) {
      if (typeof version === 'number' && version !== CONTRACT_VERSION) {
        const advice =
          version > CONTRACT_VERSION
            ? 'Update mcp-hintcheck.'
            : 'It was written by an older build: write it again with `contract write`.';
        return {
          ok: false,
          message: `The contract is version ${version}; this mcp-hintcheck reads version ${CONTRACT_VERSION}. ${advice}`,
        };
      }
      return { ok: false, message: `The contract file is not valid: ${describeIssues(parsed.error)}.` };
    }
    return { ok: true, file: { kind: 'contract', contract: parsed.data } };
  }
  const pins = publishedSurfaceSchema.safeParse(json);
  if (!pins.success) return { ok: false, message: `The surface file is not valid: ${describeIssues(pins.error)}.` };
  const { toolCount, destructiveToolCount, openWorldToolCount, maxPayloadBytes, maxPayloadTokens } = pins.data;
  const only: Pins = {
    ...(toolCount === undefined ? {} : { toolCount }),
    ...(destructiveToolCount === undefined ? {} : { destructiveToolCount }),
    ...(openWorldToolCount === undefined ? {} : { openWorldToolCount }),
    ...(maxPayloadBytes === undefined ? {} : { maxPayloadBytes }),
    ...(maxPayloadTokens === undefined ? {} : { maxPayloadTokens }),
  };
  if (Object.keys(only).length === 0) {
    return {
      ok: false,
      message:
        'The file pins nothing: expected a contract (kind "mcp-surface-contract") or at least one of toolCount, destructiveToolCount, openWorldToolCount, maxPayloadBytes, maxPayloadTokens.',
    };
  }
  return { ok: true, file: { kind: 'pins', pins: only } };
}
