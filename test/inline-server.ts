// A stdio MCP server written inline (node: built-ins only, run with `node -e` or from a file), and
// whether the sandbox's tools are installed, for the tests that start a server in the sandbox.
import { findExecutable } from '../lib/server/exercise/sandbox';

export const SANDBOX_TOOLS =
  findExecutable('bwrap', process.env.PATH) !== null && findExecutable('strace', process.env.PATH) !== null;

/**
 * The server's source: it answers initialize as `name`, tools/list with `tools`; `onMessage` (source
 * run first for every message `m`, with `send`; `return` when it handled it) takes the rest, and
 * anything left with an id gets "method not found".
 */
export function inlineServer(name: string, tools: readonly unknown[], onMessage = ''): string {
  return `
process.stdin.setEncoding('utf8');
let buffer = '';
const send = (m) => process.stdout.write(JSON.stringify(m) + '\\n');
const handle = (m) => {
  ${onMessage}
  if (m.method === 'initialize') send({ jsonrpc: '2.0', id: m.id, result: { protocolVersion: m.params.protocolVersion, capabilities: { tools: {} }, serverInfo: { name: ${JSON.stringify(name)}, version: '1' } } });
  else if (m.method === 'tools/list') send({ jsonrpc: '2.0', id: m.id, result: { tools: ${JSON.stringify(tools)} } });
  else if (m.id !== undefined && m.method !== undefined) send({ jsonrpc: '2.0', id: m.id, error: { code: -32601, message: 'no' } });
};
process.stdin.on('data', (chunk) => {
  buffer += chunk;
  let i;
  while ((i = buffer.indexOf('\\n')) >= 0) {
    const m = JSON.parse(buffer.slice(0, i));
    buffer = buffer.slice(i + 1);
    handle(m);
  }
});
`;
}
