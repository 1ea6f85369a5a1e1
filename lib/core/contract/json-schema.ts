/**
 * The JSON Schema (2020-12) of a surface contract, generated from the zod schema so the two cannot
 * disagree. docs/mcp-surface.schema.json
 * holds its text; a test keeps the file current.
 */
import { z } from 'zod';
import { CONTRACT_SCHEMA_PATH, contractSchema } from './schema';

export function contractJsonSchema(): Record<string, unknown> {
  return {
    ...z.toJSONSchema(contractSchema, { io: 'input' }),
    title: 'MCP server surface contract (mcp-hintcheck)',
    $comment: `Generated from lib/core/contract/schema.ts; kept in ${CONTRACT_SCHEMA_PATH} by test/contract-schema.test.ts.`,
  };
}
