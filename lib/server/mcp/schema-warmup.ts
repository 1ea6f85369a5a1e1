/**
 * The SDK v2 client builds each protocol era's wire schemas (zod) on first use, inside the handshake:
 * about 10-14 ms for the 2025 era (node --cpu-prof, CLI audits of server-everything), on the path from
 * the server's first answer to the report. connect.ts calls warmSchemas in the idle time before that
 * first answer.
 * - Over HTTP the server boots elsewhere: the SDK's public preloadSchemas() builds both eras at once.
 * - A stdio server boots on this machine's cores, and building schemas at once, beside its boot,
 *   slowed the boot about as much as it saved (both eras: 1.14x against 1.118x with none; the 2025 era
 *   alone at once: 1.008 of the build without it, docs/benchmarks.md). So a local server gets the
 *   2025 era only (most stdio servers speak it), and only if it is still silent 100 ms into the idle
 *   time: past most of its boot's contention (server-everything answers about 100 ms after the
 *   CLI's own start-up work ends), and always for the slow starters (`npx` resolving a package).
 *   It is built by a 2025 handshake and one tools/list with a stand-in in this process, over the
 *   SDK's own InMemoryTransport, so the SDK builds and keeps its schemas by its public path (nothing
 *   of its private chunks is reached). The stand-in runs nothing and is gone when it is done.
 */
import { Client, InMemoryTransport, preloadSchemas, type JSONRPCMessage } from '@modelcontextprotocol/client';

const WARM_UP_VERSION = '2025-11-25';
/** How long a local server's silence lasts before its era's schemas are built. */
const LOCAL_DELAY_MS = 100;

/** The stand-in's answer: a minimal 2025 server with no tools; any other request is unknown. */
export function standInAnswer(message: JSONRPCMessage): JSONRPCMessage | null {
  if (!('method' in message) || !('id' in message)) return null;
  const { id, method } = message;
  if (method === 'initialize')
    return {
      jsonrpc: '2.0',
      id,
      result: {
        protocolVersion: WARM_UP_VERSION,
        capabilities: { tools: {} },
        serverInfo: { name: 'schema-warm-up', version: '0' },
      },
    };
  if (method === 'tools/list') return { jsonrpc: '2.0', id, result: { tools: [] } };
  return { jsonrpc: '2.0', id, error: { code: -32601, message: 'Method not found' } };
}

/** A 2025 handshake and one list with the stand-in: the SDK's 2025 schemas are built and kept. */
export async function warm2025Schemas(): Promise<void> {
  const [clientSide, standIn] = InMemoryTransport.createLinkedPair();
  standIn.onmessage = (message) => {
    const answer = standInAnswer(message);
    if (answer !== null) void standIn.send(answer);
  };
  const client = new Client(
    { name: 'schema-warm-up', version: '0' },
    { versionNegotiation: { mode: 'legacy' }, supportedProtocolVersions: [WARM_UP_VERSION] },
  );
  try {
    await client.connect(clientSide);
    await client.listTools();
  } finally {
    await client.close().catch(() => undefined);
  }
}

/**
 * Both eras' schemas at once, when nothing on this machine is booting beside it: a remote server's
 * idle time, or the dashboard waiting for its first request (lib/server/dashboard/warm-up.ts).
 */
export function warmBothEras(): void {
  try {
    preloadSchemas();
  } catch {
    // A failure costs only the warm-up: the real handshake builds what it needs.
  }
}

/**
 * Builds the SDK's wire schemas ahead: both eras at once for a remote server; the 2025 era for a local
 * one that has not answered (`heard`) after LOCAL_DELAY_MS. A failure costs only the warm-up: the real
 * handshake builds what it needs.
 */
export function warmSchemas(onThisMachine: boolean, heard: () => boolean): void {
  if (!onThisMachine) {
    warmBothEras();
    return;
  }
  setTimeout(() => {
    if (!heard()) warm2025Schemas().catch(() => undefined);
  }, LOCAL_DELAY_MS).unref();
}
