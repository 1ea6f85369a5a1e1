/**
 * Two checks on a tool's shape that the tool rules raise (tool-name.ts, confirmation-required.ts): a name outside the spec's guidance (MCP
 * 2025-11-25, Tools: tool names) and a confirmation-token argument (a server-side write gate).
 */
import { describeValue } from '../annotations';
import { codePointLabel } from '../hidden-characters';

const TOOL_NAME = /^[A-Za-z0-9_.-]{1,128}$/;

/** Why a tool name falls outside the spec's guidance, or null when it is fine. */
export function toolNameProblem(name: unknown): string | null {
  if (typeof name !== 'string') return `name is ${describeValue(name)}, not a string`;
  if (name.length === 0) return 'name is empty';
  if (TOOL_NAME.test(name)) return null;
  if (name.length > 128) return `name is ${name.length} characters long (at most 128)`;
  const bad = [...new Set(Array.from(name).filter((ch) => !/[A-Za-z0-9_.-]/.test(ch)))];
  const shown = bad.slice(0, 5).map(codePointLabel).join(', ');
  return `name contains ${shown}${bad.length > 5 ? ', …' : ''}`;
}

const CONFIRMATION_FIELD = /^confirm(ation)?[_-]?token$/i;

/** The argument through which the server asks for a confirmation token, or null. */
export function confirmationField(inputSchema: unknown): string | null {
  if (typeof inputSchema !== 'object' || inputSchema === null) return null;
  const schema = inputSchema as Record<string, unknown>;
  const properties = schema.properties;
  const candidates = [
    ...(typeof properties === 'object' && properties !== null ? Object.keys(properties) : []),
    ...Object.keys(schema),
  ];
  return candidates.find((key) => CONFIRMATION_FIELD.test(key)) ?? null;
}
