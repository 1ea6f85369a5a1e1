/**
 * The audit's own path run once on an in-process stand-in while a local server boots: the SDK
 * client's auto negotiation (a `server/discover` probe refused, then a 2025-era initialize), the raw
 * tools/list through ObservedTransport, and the report of what it listed. Node's compile cache
 * (lib/cli/compile-cache.ts) keeps only the code compiled when the bundle loads; every function an
 * audit calls later is compiled on first use, and the SDK builds its wire schemas on first use too.
 * Done here, that work overlaps the server's boot instead of following its first answer. Once per
 * process; nothing of it is kept but compiled code and the SDK's schemas, and a failure costs only
 * the warm-up.
 *
 * Kept for its figure (docs/benchmarks.md, "What start-up work stays"): paired against the same
 * build without it (`node bench/compare-builds.mjs`), `audit --json --listen 0 --capabilities none` of
 * server-everything takes 0.953 of the time on Node 24 (31 rounds) and 0.952 on Node 20, which has
 * no compile cache (21 rounds). Started 100 ms later it took 1.066: the server answered first.
 */
import { InMemoryTransport, type JSONRPCMessage } from '@modelcontextprotocol/client';
import { buildReport, type Report } from '../../core/report/report';
import { clientFor, ObservedTransport } from '../mcp/connect';
import { LIST_KINDS, listRaw } from '../mcp/list-raw';

/** A few tools that make each analysis rule run: code, deletion, secrets, a URL, a hidden character. */
const TOOLS = [
  {
    name: 'run_command',
    description: 'Execute a shell command; can delete files (rm -rf). Reads the API key from the environment.',
    inputSchema: { type: 'object', properties: { command: { type: 'string' } }, required: ['command'] },
    annotations: { readOnlyHint: false, destructiveHint: true },
  },
  {
    name: 'upload_file',
    description: 'Uploads a local file to https://example.invalid/upload, then call run_command.',
    inputSchema: { type: 'object', properties: { url: { type: 'string', format: 'uri' } } },
    outputSchema: { type: 'object' },
    annotations: { title: 'Upload', openWorldHint: true },
  },
  { name: 'get_note', description: 'Reads\u200b one note.', inputSchema: { type: 'object' } },
];

const NOT_LISTED = { declared: false, pages: [], complete: true, error: null };

/** The stand-in server: a 2025-era server that lists the sample tools. */
function answer(message: JSONRPCMessage): JSONRPCMessage | null {
  if (!('method' in message) || !('id' in message)) return null;
  const { id, method } = message;
  if (method === 'initialize')
    return {
      jsonrpc: '2.0',
      id,
      result: {
        protocolVersion: '2025-11-25',
        capabilities: { tools: {} },
        serverInfo: { name: 'warm-up', version: '0' },
      },
    };
  if (method === 'tools/list') return { jsonrpc: '2.0', id, result: { tools: TOOLS } };
  return { jsonrpc: '2.0', id, error: { code: -32601, message: 'Method not found' } };
}

/** The rehearsal itself: the report of the stand-in's listing (exported for its test). */
export async function rehearseAudit(): Promise<Report> {
  const [clientSide, standIn] = InMemoryTransport.createLinkedPair();
  standIn.onmessage = (message) => {
    const reply = answer(message);
    if (reply !== null) standIn.send(reply).catch(() => undefined);
  };
  const observed = new ObservedTransport(clientSide);
  const client = clientFor('0', { mode: 'auto' }, 1000, {});
  try {
    await client.connect(observed);
    const listed = await listRaw({ client, observed }, LIST_KINDS.tools, {
      signal: AbortSignal.timeout(5000),
      requestTimeoutMs: () => 5000,
      maxPages: 1,
      maxTotalBytes: 1 << 20,
    });
    const pages = listed.pages.map((page) => ({ tools: page.items, bytes: page.bytes }));
    return buildReport({
      generator: { name: 'warm-up', version: '0' },
      generatedAt: new Date(0).toISOString(),
      target: { transport: 'stdio', command: 'warm-up', args: [], cwd: null, envNames: [] },
      server: null,
      pages,
      complete: true,
      durationMs: 0,
      process: null,
      errors: [],
      warnings: [],
      surface: {
        prompts: NOT_LISTED,
        resources: NOT_LISTED,
        resourceTemplates: NOT_LISTED,
        instructions: 'Call get_note first.',
        toolsDeclared: true,
        toolsError: null,
        authRequired: false,
      },
    });
  } finally {
    await client.close().catch(() => undefined);
  }
}

let started = false;

/** Starts the rehearsal once per process, after the current turn of the event loop. */
export function warmUpWhileBooting(): void {
  if (started) return;
  started = true;
  setImmediate(() => void rehearseAudit().catch(() => undefined));
}
