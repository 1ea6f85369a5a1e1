/**
 * The SDK's schema warm-up for a set of eras. The SDK exports one warm-up, preloadSchemas(), which
 * builds both eras; this file calls it. The CLI's bundle replaces this file (scripts/build-cli.mjs)
 * with one that calls the SDK's per-era builders, so that the CLI builds only the eras it asks for.
 */
import { preloadSchemas } from '@modelcontextprotocol/client';
import type { ProtocolEra } from '../../core/protocol';

export function warmSchemas(eras: readonly ProtocolEra[]): void {
  if (eras.length > 0) preloadSchemas();
}
