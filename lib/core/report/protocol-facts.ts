/**
 * The protocol facts a Report carries: the era and revision spoken, what was asked for, how the era
 * was chosen and, for a hosted URL, whether the other era is accepted too. Spec: MCP 2026-07-28,
 * Versioning.
 */
import { z } from 'zod';
import { PROTOCOL_ERAS, protocolChoiceText, type ProtocolChoice, type ProtocolEra } from '../protocol';

export const protocolEraSchema = z.enum(PROTOCOL_ERAS);

/** How the era was chosen, for the Report. */
export const ERA_CHOSEN_BY = ['auto-probe', 'auto-fallback', 'requested'] as const;

export const otherEraSchema = z.object({
  era: protocolEraSchema,
  /** true: the server accepts it too; false: it refuses it; null: the probe could not tell. */
  accepted: z.boolean().nullable(),
  detail: z.string(),
});
export type OtherEra = z.infer<typeof otherEraSchema>;

export const protocolFactsSchema = z.object({
  /** The era and revision spoken (null when the connection failed before either was known). */
  era: protocolEraSchema.nullable(),
  version: z.string().nullable(),
  /** What was asked for: auto, legacy, modern or a revision. */
  requested: z.string(),
  chosenBy: z.enum(ERA_CHOSEN_BY),
  /** One sentence on how the era was chosen. */
  detail: z.string(),
  /** For a hosted URL: whether the other era is accepted too (one probe), else null. */
  otherEra: otherEraSchema.nullable(),
});
export type ProtocolFacts = z.infer<typeof protocolFactsSchema>;

/** The sentence that says how an era was chosen. */
export function describeChoice(choice: ProtocolChoice, era: ProtocolEra, version: string): ProtocolFacts['detail'] {
  if (choice.mode === 'auto') {
    return era === 'modern'
      ? `server/discover offered ${version}, so the current era was spoken (--protocol auto).`
      : `server/discover gave no modern answer, so the 2025 initialize handshake was used and the server chose ${version} (--protocol auto).`;
  }
  return `--protocol ${protocolChoiceText(choice)} was requested; the server spoke ${version}.`;
}
