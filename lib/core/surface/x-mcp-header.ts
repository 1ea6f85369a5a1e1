/**
 * The `x-mcp-header` schema extension (MCP 2026-07-28, Tools: inputSchema, SEP-2243): an input
 * property may ask a Streamable HTTP client to mirror its value into an `Mcp-Param-<Name>` header.
 * The name must be an HTTP token (RFC 9110 §5.6.2: no spaces, controls or delimiters, so no CR/LF),
 * unique case-insensitively within the tool, on a primitive non-number property that is statically
 * reachable (a direct property of the root object, not under anyOf/oneOf/$ref or a nested object).
 * A client MUST exclude a tool that breaks any of these rules.
 */
import type { FindingDefinition } from '../severity';
import { isRecord } from '../is-record';

export const X_MCP_HEADER_ID = 'x-mcp-header-invalid';

export const X_MCP_HEADER_DEFINITION: FindingDefinition<typeof X_MCP_HEADER_ID> = {
  id: X_MCP_HEADER_ID,
  severity: 'high',
  title: 'Broken x-mcp-header rule: clients will drop this tool',
  meaning:
    'An input property carries an x-mcp-header whose name is not an HTTP token, contains CR/LF, repeats another header name (case-insensitively), sits on a number, object or array property, or is not statically reachable. The 2026-07-28 spec tells Streamable HTTP clients to exclude such a tool: agents on those clients will not see it at all.',
  default: null,
  doesNotTell:
    'Whether the server meant harm: usually it is a mistake. Clients of the 2025 era ignore the extension and still show the tool.',
  reference: 'MCP specification 2026-07-28, Tools: inputSchema x-mcp-header (SEP-2243); RFC 9110 §5.6.2 (token)',
};

const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
const PRIMITIVE_TYPES = new Set(['string', 'boolean', 'integer']);
const KEY = 'x-mcp-header';

/** Every x-mcp-header in a schema, with the path where it sits. */
function collect(
  node: unknown,
  path: string,
  out: { path: string; value: unknown; schema: Record<string, unknown> }[],
) {
  if (Array.isArray(node)) {
    node.forEach((child, i) => {
      collect(child, `${path}[${i}]`, out);
    });
    return;
  }
  if (!isRecord(node)) return;
  if (KEY in node) out.push({ path, value: node[KEY], schema: node });
  for (const [key, child] of Object.entries(node)) {
    if (key !== KEY) collect(child, path === '' ? key : `${path}.${key}`, out);
  }
}

/** Why the x-mcp-header rules of a tool's inputSchema are broken; empty when they hold. */
export function xMcpHeaderProblems(inputSchema: unknown): string[] {
  const found: { path: string; value: unknown; schema: Record<string, unknown> }[] = [];
  collect(inputSchema, '', found);
  const problems: string[] = [];
  const seen = new Map<string, string>();
  const topLevel = isRecord(inputSchema) && isRecord(inputSchema.properties) ? inputSchema.properties : {};
  for (const { path, value, schema } of found) {
    const where = path === '' ? 'the root schema' : path;
    if (typeof value !== 'string') {
      problems.push(
        `${where}: x-mcp-header is ${value === undefined ? 'undefined' : JSON.stringify(value)}, not a string`,
      );
      continue;
    }
    if (/[\r\n]/.test(value)) problems.push(`${where}: "${value.replace(/[\r\n]/g, '⏎')}" contains CR/LF`);
    else if (!TOKEN.test(value)) problems.push(`${where}: "${value}" is not an HTTP token`);
    const lower = value.toLowerCase();
    const earlier = seen.get(lower);
    if (earlier !== undefined) problems.push(`${where}: "${value}" repeats "${earlier}" (names are case-insensitive)`);
    else seen.set(lower, value);
    const name = path.startsWith('properties.') ? path.slice('properties.'.length) : null;
    if (name === null || name.includes('.') || name.includes('[') || topLevel[name] !== schema) {
      problems.push(`${where}: not a direct property of the root object (not statically reachable)`);
    } else if (schema.type === 'number') {
      // The spec admits string, integer and boolean; the TypeScript SDK also mirrors number (the
      // conformance suite annotates number parameters), stricter clients drop the tool.
      problems.push(
        `${where}: type "number", which the spec does not admit (string, boolean, integer); the TypeScript SDK accepts it, stricter clients drop the tool`,
      );
    } else if (typeof schema.type !== 'string' || !PRIMITIVE_TYPES.has(schema.type)) {
      problems.push(
        `${where}: type ${schema.type === undefined ? 'absent' : JSON.stringify(schema.type)}, not a primitive non-number (string, boolean, integer)`,
      );
    }
  }
  return problems;
}
