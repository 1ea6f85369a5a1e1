/**
 * The SDK v2 client builds each protocol era's wire schemas (zod) on first use, inside the handshake:
 * 15-20 ms of CPU between a server's first answer and our next request. connect.ts builds them
 * instead in the idle time before the first answer (a stdio server still booting, a remote one across
 * the network), and only for the eras the connection can speak: which ones is decided here.
 *
 * A stdio server boots on this machine, on the same cores: every millisecond of CPU spent meanwhile
 * slows its boot by about a third of one (measured on 2 cores). So auto on stdio prepares only the
 * 2025 era, which the great majority of stdio servers speak (a current-era server then pays for its
 * schemas after its first answer, about 8 ms); a remote server boots elsewhere, so auto over HTTP
 * prepares both. docs/benchmarks.md has the figures.
 *
 * The building itself is sdk-warmup.ts: unbundled (the dashboard, the tests) it builds both eras, the
 * SDK's one public warm-up; in the CLI's bundle, only the eras asked for.
 */
import type { ProtocolChoice, ProtocolEra } from '../../core/protocol';
import { eraOfVersion } from '../../core/protocol';

export { warmSchemas } from './sdk-warmup';

/** The eras whose schemas are worth building before the first answer, for a choice and transport. */
export function erasToWarm(choice: ProtocolChoice, onThisMachine: boolean): ProtocolEra[] {
  if (choice.mode === 'pinned') return [eraOfVersion(choice.version)];
  if (choice.mode !== 'auto') return [choice.mode];
  return onThisMachine ? ['legacy'] : ['legacy', 'modern'];
}
