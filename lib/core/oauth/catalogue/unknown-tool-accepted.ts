/** OAuth finding unknown-tool-accepted: “Unknown tool call reported as a success”. */
import type { FindingDefinition } from '../../finding';

export const UNKNOWN_TOOL_ACCEPTED_DEFINITION: FindingDefinition<'unknown-tool-accepted'> = {
  id: 'unknown-tool-accepted',
  severity: 'medium',
  title: 'Unknown tool call reported as a success',
  meaning:
    'The signed-in audit called a tool the server never listed (a made-up name, empty arguments) and got a successful result. The MCP tools specification makes an unknown tool an error (JSON-RPC -32602, or a result marked isError): a server that reports success for anything it is asked cannot be trusted to report failures, so an agent may believe an action happened that did not, or the server routes unknown names to something it does not list.',
  doesNotTell:
    'What, if anything, the call did on the server (the probe sends no arguments). Turn the probe off with --no-call-probe.',
  reference: 'MCP specification 2025-11-25, Tools (error handling)',
};
