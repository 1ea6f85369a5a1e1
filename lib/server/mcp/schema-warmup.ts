/**
 * The SDK v2 client builds each protocol era's wire schemas (zod) on first use, inside the handshake.
 * Its one public warm-up, preloadSchemas(), builds both eras ahead. connect.ts calls this in the idle
 * time before a server's first answer: over HTTP, where the server boots elsewhere, the warm-up is
 * free; a stdio server boots on this machine's cores, and building both eras meanwhile slowed its
 * boot more than it saved (paired, docs/benchmarks.md: 1.14x with both eras against 1.10x with only
 * the 2025 era, which needed the SDK's private builders, and 1.118x with none), so stdio gets none.
 */
import { preloadSchemas } from '@modelcontextprotocol/client';

/** Builds the SDK's wire schemas of both eras now, unless the server boots on this machine. */
export function warmSchemas(onThisMachine: boolean): void {
  if (!onThisMachine) preloadSchemas();
}
