/**
 * Tool names longer than the major hosts accept. The spec allows 1-128 characters (checked by the
 * invalid-tool-name flag); common hosts cap names at 64 characters (with the server prefix some
 * add) and refuse or rename the tool.
 */
import type { FlagDefinition } from '../finding';

export const LONG_NAME_ID = 'long-tool-name';
export const HOST_NAME_LIMIT = 64;

export const LONG_NAME_DEFINITION: FlagDefinition<typeof LONG_NAME_ID> = {
  id: LONG_NAME_ID,
  severity: 'low',
  title: `Tool name longer than ${HOST_NAME_LIMIT} characters`,
  meaning: `The name is within the spec's 128 characters but longer than the ${HOST_NAME_LIMIT} that major hosts accept; they may refuse the whole server or rename the tool.`,
  default: null,
  doesNotTell: 'Which hosts refuse it: limits change and some hosts add a prefix that makes the room smaller.',
  reference: 'MCP specification 2025-11-25, Tools: tool names; host documentation (64-character limits)',
};

/** The message for a too-long name, or null. */
export function longNameProblem(name: unknown): string | null {
  if (typeof name !== 'string' || name.length <= HOST_NAME_LIMIT || name.length > 128) return null;
  return `The name is ${name.length} characters long; major hosts accept at most ${HOST_NAME_LIMIT}.`;
}
