/**
 * The surface contract: what a server claimed about itself when someone approved it, pinned in a
 * versioned JSON file (docs/mcp-surface.schema.json is generated from this zod schema). `verify`
 * compares a live server against it (drift.ts).
 *
 * Two shapes are read: a full contract written by `contract write`, and a hand-written
 * `published-surface.json` in the article's style that pins only counts and a payload cap.
 */
import { z } from 'zod';
import { HINTS } from '../annotations';
import { describeIssues } from '../audit-request';

export const CONTRACT_VERSION = 1;
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
});
export type ContractTool = z.infer<typeof contractToolSchema>;

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
    const parsed = contractSchema.safeParse(json);
    if (!parsed.success) {
      const version = (json as { contractVersion?: unknown }).contractVersion;
      if (typeof version === 'number' && version > CONTRACT_VERSION) {
        return {
          ok: false,
          message: `The contract is version ${version}; this mcp-hintcheck reads version ${CONTRACT_VERSION}. Update mcp-hintcheck.`,
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
