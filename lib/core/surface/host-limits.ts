/**
 * Limits of the hosts agents run in: how many tools they accept, and how much context a server
 * takes before the first message (its tool list and instructions, sent at session start).
 */
import { formatCount } from '../count';
import { raised, type Finding, type FlagDefinition } from '../finding';

export const TOO_MANY_TOOLS_ID = 'too-many-tools';
export const SESSION_COST_ID = 'session-cost-high';
/** Common hosts accept at most this many tools across their servers. */
export const HOST_TOOL_LIMIT = 128;
/** Estimated tokens at session start above which a server is flagged. */
export const SESSION_TOKEN_LIMIT = 20_000;

export const TOO_MANY_TOOLS_DEFINITION: FlagDefinition<typeof TOO_MANY_TOOLS_ID> = {
  id: TOO_MANY_TOOLS_ID,
  severity: 'medium',
  title: `More than ${HOST_TOOL_LIMIT} tools`,
  meaning: `The server lists more tools than common hosts accept (${HOST_TOOL_LIMIT}, counted across all connected servers). Hosts drop tools, refuse the server, or the model chooses worse among too many.`,
  default: null,
  doesNotTell: 'Which tools a host would drop: that depends on the host and on the other servers connected.',
  reference: 'Host documentation (tool count limits); MCP specification, Tools',
};

export const SESSION_COST_DEFINITION: FlagDefinition<typeof SESSION_COST_ID> = {
  id: SESSION_COST_ID,
  severity: 'low',
  title: 'Expensive at session start',
  meaning: `The tool list and instructions together are estimated above ${formatCount(SESSION_TOKEN_LIMIT)} tokens. That much of the model's context is spent before the first message, on every turn of hosts that resend the list.`,
  default: null,
  doesNotTell:
    'The exact cost: it is an estimate (o200k_base on the JSON as sent); hosts strip fields and use other tokenizers.',
  reference: 'Context cost of MCP tool definitions (estimate, o200k_base)',
};

/** Server-wide host-limit findings. */
export function hostLimitFindings(
  toolCount: number,
  sessionStartTokens: number | null,
): Finding<typeof TOO_MANY_TOOLS_ID | typeof SESSION_COST_ID>[] {
  const findings: Finding<typeof TOO_MANY_TOOLS_ID | typeof SESSION_COST_ID>[] = [];
  if (toolCount > HOST_TOOL_LIMIT) {
    findings.push(
      raised(TOO_MANY_TOOLS_DEFINITION, `${toolCount} tools; common hosts accept at most ${HOST_TOOL_LIMIT}.`),
    );
  }
  if (sessionStartTokens !== null && sessionStartTokens > SESSION_TOKEN_LIMIT) {
    findings.push(
      raised(
        SESSION_COST_DEFINITION,
        `About ${formatCount(sessionStartTokens)} tokens at session start (estimate), above ${formatCount(SESSION_TOKEN_LIMIT)}.`,
      ),
    );
  }
  return findings;
}
