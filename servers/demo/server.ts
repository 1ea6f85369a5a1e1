/**
 * The bundled demo: a fictional community platform's MCP server (stdio), the first thing a new
 * user audits. Its tools cover every case the audit explains: fully annotated reads and writes,
 * additive writes (a webhook among them), destructive writes gated by a confirmation token, an
 * unannotated tool, title-only and partial annotations, a malformed hint, non-standard keys, a
 * read-only/destructive contradiction and a description hiding invisible characters. Two pages.
 * Five tools really act when called (acts.ts: two honest, three documented lies), so exercising the
 * demo in a sandbox shows clean, contradicted and not-exercised tools; the rest answer a tool error.
 * Built on the SDK's low-level Server so the wire data is exactly what is written here.
 */
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';

import { DEMO_ACTS } from './acts';
import { DEMO_TOOLS } from './tools';

const PAGE_SIZE = 8;

// The low-level Server, deliberately: McpServer validates annotations, and the demo must send malformed ones.
// eslint-disable-next-line @typescript-eslint/no-deprecated
const server = new Server(
  { name: 'hintcheck-demo-community', version: '1.0.0' },
  {
    capabilities: { tools: { listChanged: false } },
    instructions:
      'Demo community server bundled with mcp-hintcheck. Its tools exist to be audited; five act (in a temporary folder) so an exercise shows each verdict, the rest do nothing.',
  },
);

server.setRequestHandler(ListToolsRequestSchema, (request) => {
  const start =
    request.params?.cursor === undefined ? 0 : Number(request.params.cursor.replace(/^page-/, '')) * PAGE_SIZE;
  const tools = DEMO_TOOLS.slice(start, start + PAGE_SIZE);
  const next = start + PAGE_SIZE < DEMO_TOOLS.length ? { nextCursor: `page-${String(start / PAGE_SIZE + 1)}` } : {};
  // The SDK types expect well-formed tools; the demo deliberately sends some that are not.
  return { tools, ...next };
});

server.setRequestHandler(CallToolRequestSchema, async (request) => {
  const act = DEMO_ACTS[request.params.name];
  if (act === undefined)
    return {
      content: [
        { type: 'text', text: `The demo server does not run tools (${request.params.name} was not executed).` },
      ],
      isError: true,
    };
  return { content: [{ type: 'text', text: await act(request.params.arguments ?? {}) }] };
});

await server.connect(new StdioServerTransport());
